"""Where `unjam check`'s engine spends its time on a tree, next to ruff's ASYNC rules.

Usage: .venv/bin/python benchmarks/check_engine_phases.py PATH [--rounds N]

Prints, for one run each (medians over --rounds): read+parse+summarise (serial, the floor
of a cold run), link+rules, a full cold run (worker processes on every usable core, or
--jobs) with its own phases, a warm run (cache hit), the `unjam check` command itself (its
start-up on an empty directory, and a cold `--no-cache` run on PATH, both as subprocesses
like ruff), and `ruff check --select ASYNC` cold (--no-cache) and warm, with the ratios.
Figures, not assertions; on a shared machine, read them next to the load average printed
with them.
"""

from __future__ import annotations

import argparse
import gc
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from unjam.analysis import engine, parse
from unjam.analysis.catalogue import load_catalogue
from unjam.analysis.linker import Linker
from unjam.analysis.summary import from_plain


def _time(fn) -> float:
    started = time.perf_counter()
    fn()
    return time.perf_counter() - started


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("path", type=Path)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=None, help="worker processes (default: cores)")
    args = ap.parse_args()
    root = args.path.resolve()
    files = sorted(root.rglob("*.py"))
    names = [str(f) for f in files]
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    rows: dict[str, list[float]] = {}
    for _ in range(args.rounds):
        gc.disable()
        started = time.perf_counter()
        out = parse._read_many(names)
        rows.setdefault("parse+summarise (serial)", []).append(time.perf_counter() - started)
        summaries = {p: from_plain(x) if isinstance(x, tuple) else x for p, *_, x in out}
        rel = {p: engine._relpath(Path(p), root) for p in names}
        cat = load_catalogue()
        rows.setdefault("link+rules", []).append(
            _time(lambda s=summaries, r=rel, c=cat: Linker(root, names, r, c, s).analyse())
        )
        gc.enable()
        cache = Path(tempfile.mkdtemp()) / "cache"
        cold_result = []
        rows.setdefault("unjam cold", []).append(
            _time(
                lambda c=cache, out=cold_result: out.append(
                    engine.analyze(root, files, cache_dir=c, jobs=args.jobs)
                )
            )
        )
        for phase, seconds in cold_result[0].phases.items():
            rows.setdefault(f"  cold: {phase}", []).append(seconds)
        rows.setdefault("unjam warm", []).append(
            _time(lambda c=cache: engine.analyze(root, files, cache_dir=c))
        )
        unjam = [sys.executable, "-m", "unjam", "check", "--no-cache", "--format", "json"]
        empty = tempfile.mkdtemp()
        rows.setdefault("unjam check start-up", []).append(
            _time(lambda u=unjam, e=empty: subprocess.run([*u, e], capture_output=True))
        )
        rows.setdefault("unjam check CLI cold", []).append(
            _time(lambda u=unjam: subprocess.run([*u, str(root)], capture_output=True))
        )
        ruff_cache = tempfile.mkdtemp()
        base = [ruff, "check", "--select", "ASYNC", "--exit-zero", "-q", str(root)]
        rows.setdefault("ruff ASYNC cold", []).append(
            _time(lambda b=base: subprocess.run([*b, "--no-cache"], capture_output=True))
        )
        subprocess.run([*base, "--cache-dir", ruff_cache], capture_output=True)
        rows.setdefault("ruff ASYNC warm", []).append(
            _time(
                lambda rc=ruff_cache, b=base: subprocess.run(
                    [*b, "--cache-dir", rc], capture_output=True
                )
            )
        )
    medians = {k: statistics.median(v) for k, v in rows.items()}
    print(f"{len(files)} files under {root}; load average {os.getloadavg()[0]:.1f}")
    for key, value in medians.items():
        print(f"  {key:28s} {value:8.3f} s")
    print(
        f"  cold ratio unjam/ruff        {medians['unjam cold'] / medians['ruff ASYNC cold']:8.1f}x"
    )
    cli_ratio = medians["unjam check CLI cold"] / medians["ruff ASYNC cold"]
    print(f"  CLI cold ratio unjam/ruff    {cli_ratio:8.1f}x")
    print(
        f"  warm ratio unjam/ruff        {medians['unjam warm'] / medians['ruff ASYNC warm']:8.2f}x"
    )


if __name__ == "__main__":
    main()
