"""`unjam check` reports the same findings on every run: no set or hash order leaks into the
output (Python randomises string hashing per process, so each run gets its own order)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

APP = Path(__file__).parent / "corpus" / "catalogue_tour"  # has two blocking calls at one place


def check_json(app: Path, seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    result = subprocess.run(
        [sys.executable, "-m", "unjam", "check", str(app), "--no-cache", "--format", "json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 1, result.stderr
    return "\n".join(line for line in result.stdout.splitlines() if '"seconds"' not in line)


def test_findings_do_not_depend_on_the_hash_seed(tmp_path):
    app = tmp_path / "app"  # a copy: the project's own config excludes tests/corpus
    shutil.copytree(APP, app)
    outputs = {check_json(app, seed) for seed in ("0", "1", "2", "3")}
    assert len(outputs) == 1
