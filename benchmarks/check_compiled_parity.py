"""Compiled (mypyc) vs Python linker and rules: the same `unjam check` JSON on every tree given.

setup.py compiles the modules listed in unjam/analysis/compiled.py with mypyc; their Python
sources are the reference. mypyc turns type annotations into run-time checks, so a wrong
annotation would surface only on code that reaches it, as an "internal error" in `unparsed`:
this script runs `unjam check --no-cache --format json` on each tree both ways
(`UNJAM_COMPILED=0` and the default) and compares the reports (minus `seconds`), printing the
wall time of each way:

    .venv/bin/python benchmarks/check_compiled_parity.py benchmarks/.cache/litellm-1.109.1 unjam
    .venv/bin/python benchmarks/check_compiled_parity.py .venv/lib/python3.11/site-packages

Exit status 1 when any report differs, or when the compiled modules are not built.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from unjam.analysis import callgraph, compiled


def report(tree: Path, compiled_on: bool) -> tuple[dict, float]:
    env = {**os.environ, "UNJAM_COMPILED": "1" if compiled_on else "0"}
    command = [sys.executable, "-m", "unjam", "check", "--no-cache", "--format", "json"]
    started = time.perf_counter()
    done = subprocess.run([*command, str(tree)], capture_output=True, text=True, env=env)
    seconds = time.perf_counter() - started
    if done.returncode not in (0, 1, 3):  # 3: files it could not parse (reported)
        raise SystemExit(f"unjam check {tree} exited {done.returncode}: {done.stderr.strip()}")
    data = json.loads(done.stdout)
    data["summary"].pop("seconds")
    return data, seconds


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("trees", nargs="+", type=Path)
    args = ap.parse_args()
    if not compiled.is_compiled(callgraph):
        print("the compiled modules are not in use (not built, stale, or UNJAM_COMPILED=0)")
        return 1
    differing = 0
    for tree in args.trees:
        source, source_s = report(tree, compiled_on=False)
        native, native_s = report(tree, compiled_on=True)
        same = source == native
        differing += not same
        summary = native["summary"]
        print(
            f"{'same' if same else 'DIFFERENT'}  {tree}: {summary['files']} files, "
            f"{summary['findings']} findings, {summary['unparsed']} unparsed; "
            f"source {source_s:.2f} s, compiled {native_s:.2f} s"
        )
        if not same:
            for key in ("summary", "unparsed"):
                if source.get(key) != native.get(key):
                    print(f"  {key}: source {source.get(key)!s:.300}")
                    print(f"  {key}: compiled {native.get(key)!s:.300}")
            only = [f for f in native["findings"] if f not in source["findings"]]
            gone = [f for f in source["findings"] if f not in native["findings"]]
            print(f"  findings only compiled: {len(only)}, only from source: {len(gone)}")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
