"""The CLI's contract: every verb is wired, bad usage exits 2 with a one-line message."""

import re
import subprocess
import sys

import pytest

VERBS = ["check", "rule", "serve", "load", "report", "run", "diff", "lab"]


def unjam(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "unjam", *args], capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize("verb", VERBS)
def test_every_verb_has_help(verb):
    result = unjam(verb, "--help")
    assert result.returncode == 0, result.stderr
    assert "Usage" in result.stdout


def test_unknown_verb_is_a_usage_error():
    result = unjam("frobnicate")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("verb", VERBS)
def test_help_shows_readable_metavars(verb):
    """No Python annotations (`<list[Path]>`, `<float>`) or braces (`{app}`) in help."""
    result = subprocess.run(
        [sys.executable, "-m", "unjam", verb, "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**__import__("os").environ, "COLUMNS": "200"},
    )
    assert result.returncode == 0, result.stderr
    assert not re.search(r"<[a-z]", result.stdout), result.stdout
    usage = result.stdout.split("Usage:")[1].split("\n")[0]
    assert "{" not in usage, usage


def test_rule_page_has_no_markdown_file_links():
    result = unjam("rule", "UJ001")
    assert result.returncode == 0
    assert "](UJ" not in result.stdout
    assert "`unjam rule UJ003`" in result.stdout


def test_durations_are_spelled_alike_in_every_verb():
    """`run --duration`, `lab --duration` and `load --duration` take the same spelling."""
    from unjam.options import parse_seconds

    assert parse_seconds("4s", "-d") == parse_seconds("4", "-d") == 4.0
    assert parse_seconds("500ms", "-d") == 0.5
    assert parse_seconds("1m30s", "-d") == 90.0
    for bad in ("nan", "inf", "0s", "-1s", "abc"):
        with pytest.raises(Exception, match="-d"):
            parse_seconds(bad, "-d")
