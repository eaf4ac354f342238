"""`unjam run`'s errors: one line on stderr, a distinct exit code, never a traceback."""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest


def unjam(*args: str) -> subprocess.CompletedProcess:
    """Run from a scratch directory: a run must not leave files where it is started."""
    with tempfile.TemporaryDirectory() as scratch:
        result = subprocess.run(
            [sys.executable, "-m", "unjam", *args],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=scratch,
        )
        assert not Path(scratch, "unjam-out").exists(), "a failed run left a report directory"
    return result


def assert_one_line(result: subprocess.CompletedProcess, code: int, *words: str) -> None:
    assert result.returncode == code, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.startswith("unjam: error:")]
    assert len(lines) == 1, result.stderr
    for word in words:
        assert word in lines[0]


def test_app_that_does_not_import_exits_4(tmp_path):
    (tmp_path / "broken.py").write_text("import no_such_module_for_unjam\napp = None\n")
    result = unjam(
        "run", "broken:app", "--app-dir", str(tmp_path), "--out", str(tmp_path / "o"), "-q"
    )
    assert_one_line(result, 4, "broken:app", "no_such_module_for_unjam")


def test_port_in_use_exits_5(tmp_path):
    (tmp_path / "ok.py").write_text("from fastapi import FastAPI\napp = FastAPI()\n")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = unjam("run", "ok:app", "--app-dir", str(tmp_path), "--port", str(port), "-q")
    assert_one_line(result, 5, str(port))


@pytest.mark.parametrize("content", [None, "this is not a target\n"])
def test_bad_targets_file_exits_3(tmp_path, content):
    targets = tmp_path / "targets.txt"
    if content is not None:
        targets.write_text(content)
    result = unjam("run", "whatever:app", "--targets", str(targets), "-q")
    assert_one_line(result, 3, "targets")


def test_app_spec_without_attribute_is_a_usage_error():
    assert_one_line(unjam("run", "justamodule"), 2, "module:attribute")


def test_uvicorn_port_option_is_refused():
    assert_one_line(unjam("run", "m:app", "--", "--port", "9"), 2, "--port")


@pytest.mark.slow
def test_app_dying_under_load_exits_4(tmp_path):
    (tmp_path / "dieapp.py").write_text(
        "import os\nfrom fastapi import FastAPI\napp = FastAPI()\n\n\n"
        '@app.get("/die")\ndef die():\n    os._exit(3)\n'
    )
    result = unjam(
        "run",
        "dieapp:app",
        "--app-dir",
        str(tmp_path),
        "-q",
        "-d",
        "1",
        "--out",
        str(tmp_path / "o"),
    )
    assert_one_line(result, 4, "dieapp:app", "exited", "GET /die")


@pytest.mark.slow
def test_unknown_route_names_the_routes_there_are(tmp_path):
    (tmp_path / "ok.py").write_text(
        'from fastapi import FastAPI\napp = FastAPI()\n\n\n@app.get("/a")\ndef a():\n    return 1\n'
    )
    result = unjam(
        "run",
        "ok:app",
        "--app-dir",
        str(tmp_path),
        "-q",
        "-r",
        "GET /nope",
        "--out",
        str(tmp_path / "o"),
    )
    assert_one_line(result, 2, "GET /nope", "GET /a")
