"""Native (Rust) vs Python summaries, file by file, for every .py file under PATH.

`unjam check` parses and summarises with the `unjam_native` extension when it is installed;
the pure-Python path (unjam/analysis/parse.py → summarize.py) is the reference. This script
runs both on the same files and compares each row `(path, mtime_ns, size, hash, summary)`
with `==`: it reports how many rows are equal, how many the native path handed back to Python
(and why), how many differ — with the first difference of each — and the time of each path:

    .venv/bin/python benchmarks/check_native_parity.py benchmarks/.cache/litellm-1.109.1
    .venv/bin/python benchmarks/check_native_parity.py unjam --threads 1 --show 3

Exit status 1 when any row differs.
"""

from __future__ import annotations

import argparse
import collections
import gc
import marshal
import os
import sys
import time
from pathlib import Path

from unjam.analysis import parse


def python_files(root: Path) -> list[str]:
    if root.is_file():
        return [str(root)]
    return sorted(str(p) for p in root.rglob("*.py") if p.is_file())


def first_difference(a: object, b: object, where: str = "row") -> str | None:
    """Where two nested values first differ (type, length, key order or value)."""
    if type(a) is not type(b):
        return f"{where}: {type(a).__name__} {a!r:.200} != {type(b).__name__} {b!r:.200}"
    if isinstance(a, tuple | list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            found = first_difference(x, y, f"{where}[{i}]")
            if found:
                return found
        if len(a) != len(b):
            return f"{where}: length {len(a)} != {len(b)}"
        return None
    if isinstance(a, dict):
        if list(a) != list(b):
            return f"{where}: keys {list(a)!r:.300} != {list(b)!r:.300}"
        for k in a:
            found = first_difference(a[k], b[k], f"{where}[{k!r}]")
            if found:
                return found
        return None
    return None if a == b else f"{where}: {a!r:.200} != {b!r:.200}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("path", type=Path)
    ap.add_argument("--threads", type=int, default=parse.usable_cpus())
    ap.add_argument("--show", type=int, default=5, help="differences printed in full")
    args = ap.parse_args()
    try:
        import unjam_native
    except ImportError:
        print("unjam_native is not installed: run `make .venv/.installed`", file=sys.stderr)
        return 2

    paths = python_files(args.path)
    version = sys.version_info[:2]
    started, cpu = time.perf_counter(), time.process_time()
    blob = unjam_native.summarize_files(paths, args.threads, version)
    gc.disable()  # as parse.py does while loading the rows
    native = marshal.loads(blob)
    gc.enable()
    native_s, native_cpu = time.perf_counter() - started, time.process_time() - cpu
    started, cpu = time.perf_counter(), time.process_time()
    python = parse._read_many(paths)
    python_s, python_cpu = time.perf_counter() - started, time.process_time() - cpu

    equal, declined, differing = 0, collections.Counter(), []
    for n_row, p_row in zip(native, python, strict=True):
        if n_row[4] is None:
            declined[unjam_native.decline_reason(n_row[0], version) or "unreadable"] += 1
            if n_row[:4] != p_row[:4] and n_row[3]:
                differing.append((n_row[0], first_difference(n_row[:4], p_row[:4])))
            continue
        if n_row == p_row:
            equal += 1
        else:
            differing.append((n_row[0], first_difference(n_row, p_row)))
    total_bytes = sum(os.path.getsize(p) for p in paths)
    print(f"{len(paths)} files, {total_bytes / 1e6:.1f} MB under {args.path}")
    print(f"load average {os.getloadavg()[0]:.2f}; wall / CPU seconds (all threads)")
    print(
        f"  native, {args.threads} threads, incl. marshal.loads: {native_s:6.2f} / {native_cpu:.2f}"
    )
    print(f"  python, 1 process:                       {python_s:6.2f} / {python_cpu:.2f}")
    print(
        f"equal: {equal}   handed back to Python: {sum(declined.values())}   differing: {len(differing)}"
    )
    for reason, count in declined.most_common():
        print(f"  handed back, {reason}: {count}")
    for path, diff in differing[: args.show]:
        print(f"DIFF {path}\n  {diff}")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
