"""The CLI's contract: every verb is wired, bad usage exits 2 with a one-line message."""

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
