"""`unjam check` vs `ruff check --select ASYNC` on several source trees, one row per tree.

    .venv/bin/python benchmarks/check_trees_vs_ruff.py TREE [TREE ...] [--rounds 3]

check_vs_ruff.py measures one large package in detail; this one asks how the ratio varies
across real applications (a FastAPI service's repository, checked out or unpacked from an
sdist), where the share of time spent on the project as a whole — imports, apps, start-up
checks — differs from a library's. Each row: both tools cold and --no-cache, pinned to the
same core (as in check_vs_ruff.py), medians of interleaved rounds, wall seconds, the ratio,
and unjam's findings. The last row is the ratio of the summed times.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from check_vs_ruff import VENV_BIN, pinned, timed

from unjam.analysis.compiled import compiled_is_current


def measure(tree: Path, rounds: int, core: str | None) -> tuple[float, float, int, int]:
    """(unjam seconds, ruff seconds, unjam's findings, files unjam checked) for one tree."""
    unjam = [str(VENV_BIN / "unjam"), "check", "--no-cache", "--format", "json", "--exit-zero"]
    ruff = [str(VENV_BIN / "ruff"), "check", "--isolated", "--select", "ASYNC", "--no-cache"]
    ruff += ["--exit-zero", "--quiet", str(tree)]
    ours: list[float] = []
    theirs: list[float] = []
    summary: dict = {}
    for _ in range(rounds):
        # (2: part of the analysis failed — reported, and still a run to time)
        elapsed, _cpu, out = timed(pinned([*unjam, str(tree)], core), accept=(0, 1, 2, 3))
        ours.append(elapsed)
        summary = json.loads(out)["summary"]
        theirs.append(timed(pinned(ruff, core))[0])
    return statistics.median(ours), statistics.median(theirs), summary["findings"], summary["files"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trees", nargs="+", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--core", default="1", help="CPU to pin both tools to ('' = no pin)")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    missing = [str(t) for t in args.trees if not t.is_dir()]
    if missing:
        raise SystemExit(f"not a directory: {', '.join(missing)}")
    if not compiled_is_current():
        print("note: the compiled analysis modules are not current: this measures the sources")
    print(f"{'tree':<36} {'files':>6} {'unjam':>8} {'ruff':>7} {'ratio':>6} {'findings':>8}")
    total_ours = total_theirs = 0.0
    for tree in args.trees:
        ours, theirs, findings, files = measure(tree.resolve(), args.rounds, args.core or None)
        total_ours += ours
        total_theirs += theirs
        name = tree.resolve().name[:36]
        print(
            f"{name:<36} {files:>6} {ours:>7.2f}s {theirs:>6.2f}s {ours / theirs:>5.1f}x {findings:>8}"
        )
        sys.stdout.flush()
    print(
        f"{'all trees':<36} {'':>6} {total_ours:>7.2f}s {total_theirs:>6.2f}s "
        f"{total_ours / total_theirs:>5.1f}x"
    )


if __name__ == "__main__":
    main()
