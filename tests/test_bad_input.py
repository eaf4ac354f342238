"""The README's exit-code table, verb by verb: each user mistake is one line naming the input,
its exit code, and never a traceback.

Rows run the real command line in a subprocess. `{closed}` is a port nothing listens on,
`{busy}` one that something does, `{tmp}` a folder with a few prepared files. The load rows
aim at the closed port: a value checked before any connection is tried gets its own message
(exit 2 or 3), not the "connection refused" (exit 5) a late check would give.
"""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest

from unjam.server import free_port

# (verb case id, argv, exit code, a substring the message must contain)
ROWS = [
    # check (a file that does not parse is a diagnostic, not an error line: see below)
    pytest.param(["check", "{tmp}/nothere"], 3, "nothere", id="check-missing-path"),
    pytest.param(["check", "{tmp}/notes.txt"], 3, "notes.txt", id="check-not-python"),
    pytest.param(["check", "--select", "NOPE", "{tmp}"], 2, "NOPE", id="check-unknown-rule"),
    pytest.param(["check", "--format", "xml", "{tmp}"], 2, "--format", id="check-bad-format"),
    # rule
    pytest.param(["rule", "UJ999"], 2, "UJ999", id="rule-unknown"),
    # serve
    pytest.param(["serve", "nomodule:app"], 4, "nomodule", id="serve-app-not-importable"),
    pytest.param(
        ["serve", "--app-dir", "tests/load_data", "apps:nothere"], 4, "nothere", id="serve-no-attr"
    ),
    pytest.param(
        ["serve", "--app-dir", "tests/load_data", "apps:hello", "--port", "{busy}"],
        5,
        "{busy}",
        id="serve-port-in-use",
    ),
    pytest.param(
        ["serve", "--app-dir", "tests/load_data", "apps:hello", "--stall-threshold-ms", "nan"],
        2,
        "--stall-threshold-ms",
        id="serve-threshold-nan",
    ),
    pytest.param(
        ["serve", "--app-dir", "tests/load_data", "apps:hello", "--port", "99999"],
        2,
        "--port",
        id="serve-port-out-of-range",
    ),
    pytest.param(
        ["serve", "--app-dir", "tests/load_data", "apps:hello", "--phase-sample-ms", "nan"],
        2,
        "--phase-sample-ms",
        id="serve-phase-sample-nan",
    ),
    # load
    pytest.param(["load", "{url}", "-d", "1s"], 5, "refused", id="load-refused"),
    pytest.param(["load", "{url}"], 2, "--duration", id="load-unbounded"),
    pytest.param(["load", "{url}", "-r", "nan", "-d", "1s"], 2, "--rate", id="load-rate-nan"),
    pytest.param(["load", "{url}", "-r", "inf", "-d", "1s"], 2, "--rate", id="load-rate-inf"),
    pytest.param(["load", "{url}", "-r", "10/0s", "-d", "1s"], 2, "10/0s", id="load-rate-per-0s"),
    pytest.param(["load", "{url}", "-r", "1e9", "-d", "3s"], 2, "1,000,000/s", id="load-rate-1e9"),
    pytest.param(["load", "{url}", "-r", "abc", "-d", "1s"], 2, "abc", id="load-rate-abc"),
    pytest.param(["load", "{url}", "-c", "0", "-d", "1s"], 2, "--concurrency", id="load-c-0"),
    pytest.param(["load", "{url}", "-c", "100000", "-d", "1s"], 2, "10,000", id="load-c-huge"),
    pytest.param(
        ["load", "{url}", "--timeout", "0s", "-d", "1s"], 2, "--timeout", id="load-timeout-0"
    ),
    pytest.param(["load", "{url}", "-d", "nan"], 2, "--duration", id="load-duration-nan"),
    pytest.param(["load", "{url}", "-n", "0"], 2, "--requests", id="load-requests-0"),
    pytest.param(["load", "{url}", "-w", "0", "-d", "1s"], 2, "--workers", id="load-workers-0"),
    pytest.param(["load", "{url}a b", "-d", "1s"], 3, "%20", id="load-space-in-url"),
    pytest.param(["load", "{url}", "-m", "GE T", "-d", "1s"], 3, "GE T", id="load-bad-method"),
    pytest.param(
        ["load", "{url}", "-H", "X-A: b\r\nX-B: c", "-d", "1s"], 3, "X-A", id="load-header-crlf"
    ),
    pytest.param(
        ["load", "{url}", "-H", "nocolon", "-d", "1s"], 3, "nocolon", id="load-bad-header"
    ),
    pytest.param(["load", "ftp://x/", "-d", "1s"], 3, "ftp://x/", id="load-not-http"),
    pytest.param(
        ["load", "--targets", "{tmp}/nothere", "-d", "1s"], 3, "nothere", id="load-targets"
    ),
    pytest.param(
        ["load", "{url}", "--find-knee", "--slo", "100"], 2, "--slo", id="load-slo-no-unit"
    ),
    pytest.param(["load", "http://[::1/", "-d", "1s"], 3, "[::1", id="load-bad-ipv6-url"),
    pytest.param(
        ["load", "{url}", "-d", "1s", "--sweep", "1,100000"], 2, "--sweep", id="load-sweep"
    ),
    pytest.param(
        ["load", "{url}", "-d", "1s", "-o", "{tmp}/nothere/r.gz"], 3, "nothere", id="load-output"
    ),
    pytest.param(
        ["load", "{url}", "-d", "1s", "--html", "{tmp}/nothere/r.html"], 3, "--html", id="load-html"
    ),
    # report
    pytest.param(["report", "{tmp}/nothere"], 3, "nothere", id="report-missing"),
    pytest.param(["report", "{tmp}/notes.txt"], 3, "notes.txt", id="report-not-results"),
    pytest.param(["report", "{tmp}/notes.txt", "-f", "xml"], 2, "--format", id="report-format"),
    pytest.param(
        ["report", "{tmp}/notes.txt", "-o", "{tmp}/nothere/x"], 3, "nothere", id="report-output"
    ),
    # run
    pytest.param(["run", "nomodule:app", "-q"], 4, "nomodule", id="run-app-not-importable"),
    pytest.param(["run", "x:app", "--duration", "0"], 2, "--duration", id="run-duration-0"),
    pytest.param(["run", "x:app", "--duration", "abc"], 2, "abc", id="run-duration-abc"),
    pytest.param(["run", "x:app", "--slo", "500"], 2, "--slo", id="run-slo-no-unit"),
    pytest.param(["run"], 2, "APP", id="run-missing-app"),
    # diff
    pytest.param(["diff", "{tmp}/nothere", "{tmp}/nothere"], 3, "nothere", id="diff-missing"),
    pytest.param(
        ["diff", "{tmp}/notes.txt", "{tmp}/notes.txt"], 3, "notes.txt", id="diff-not-json"
    ),
    # lab
    pytest.param(["lab", "nosuch"], 2, "nosuch", id="lab-unknown"),
    pytest.param(["lab", "sleep", "--rate", "5"], 2, "--rate", id="lab-option-elsewhere"),
    pytest.param(["lab", "sleep", "--sleep", "nan"], 2, "--sleep", id="lab-sleep-nan"),
    pytest.param(["lab", "webhook", "--rate", "nan"], 2, "--rate", id="lab-rate-nan"),
    pytest.param(["lab", "webhook", "--duration", "0"], 2, "--duration", id="lab-duration-0"),
    # the program itself
    pytest.param(["frobnicate"], 2, "frobnicate", id="unknown-verb"),
]


@pytest.fixture(scope="module")
def places(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("bad")
    (tmp / "broken.py").write_text("def f(:\n")
    (tmp / "notes.txt").write_text("not python\n")
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    closed = free_port()
    yield {
        "tmp": str(tmp),
        "busy": str(busy.getsockname()[1]),
        "url": f"http://127.0.0.1:{closed}/",
    }
    busy.close()


@pytest.mark.parametrize(("argv", "code", "names"), ROWS)
def test_bad_input(places, argv, code, names):
    args = [a.format(**places) for a in argv]
    result = subprocess.run(
        [sys.executable, "-m", "unjam", *args], capture_output=True, text=True, timeout=120
    )
    assert "Traceback" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("unjam: error: ")]
    # one error line, and it is the last thing said (run prints progress lines before it)
    assert len(errors) == 1, result.stderr
    assert result.stderr.strip().splitlines()[-1] == errors[0]
    assert names.format(**places) in errors[0], errors[0]
    assert result.returncode == code, result.stderr


def test_a_file_that_does_not_parse_is_a_diagnostic_and_exit_3(places):
    """Like ruff's syntax-error diagnostic: reported on stdout with path and line, counted,
    and the run exits 3 (the README's "does not parse"), never "All checks passed"."""
    result = subprocess.run(
        [sys.executable, "-m", "unjam", "check", f"{places['tmp']}/broken.py"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "Traceback" not in result.stderr
    assert "broken.py:1" in result.stdout, result.stdout
    assert "All checks passed" not in result.stdout
    assert result.returncode == 3, result.stdout + result.stderr


def test_debug_switch_shows_the_traceback(places):
    bad = ["load", places["url"], "-r", "nan", "-d", "1s"]
    for how in (["--debug", *bad], bad):
        env = {"UNJAM_DEBUG": "1"} if how is bad else {}
        result = subprocess.run(
            [sys.executable, "-m", "unjam", *how],
            capture_output=True,
            text=True,
            timeout=60,
            env={**__import__("os").environ, **env},
        )
        assert "Traceback" in result.stderr
        assert "UserError" in result.stderr


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version(flag):
    from unjam import __version__

    result = subprocess.run(
        [sys.executable, "-m", "unjam", flag], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0
    assert result.stdout.strip() == f"unjam {__version__}"
