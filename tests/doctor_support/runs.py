"""`unjam run` on a small app of a test's own, as a user runs it: the app written to a
directory, the doctor started as a child process on it, its report read back."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def unjam(*args: str, cwd=None, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "unjam", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
    )


def run_on_app(
    directory: Path, module: str, source: str, *options: str, timeout: float = 180
) -> tuple[subprocess.CompletedProcess, Path]:
    """Write `source` as `module`.py, run `unjam run module:app` on it (quiet, the report in
    `directory`/out) with `options`; returns the finished process and the report directory."""
    (directory / f"{module}.py").write_text(source)
    out = directory / "out"
    result = unjam(
        "run", f"{module}:app", "--app-dir", str(directory), "--out", str(out), "--quiet",
        *options, timeout=timeout,
    )  # fmt: skip
    return result, out


def read_report(out: Path) -> dict:
    return json.loads((out / "report.json").read_text())
