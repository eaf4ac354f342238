"""Peak RSS of `unjam load` against run length: does memory grow with duration × rate?

Runs `unjam load URL -c C -d D -o FILE` for two durations against a tiny local server
(127.0.0.1 only) and samples the generator's RSS (its process tree) every 20 ms. With
`--before REV`, the same two runs use the `unjam` package of that git revision (extracted
to a temporary folder and put first on PYTHONPATH), so one run prints before and after.

    .venv/bin/python benchmarks/load_memory.py --durations 4s,16s --before HEAD~2

What to read: `MB/100k req` — the peak RSS added per 100k more requests between the short
and the long run (rows kept in memory cost ~5 MB per 100k); and `long/short`, the ratio of
the two peaks, which stays ~1 when memory is bounded.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from unjam.server import serve_app  # noqa: E402


def tree_rss(proc: psutil.Process) -> int:
    total = 0
    for p in [proc, *proc.children(recursive=True)]:
        with contextlib.suppress(psutil.Error):
            total += p.memory_info().rss
    return total


def one_run(url: str, duration: str, concurrency: int, env: dict, out: Path) -> tuple[int, int]:
    """(requests completed, peak RSS in bytes) of one `unjam load` run."""
    cmd = [sys.executable, "-m", "unjam", "load", url, "-c", str(concurrency), "-d", duration]
    cmd += ["-o", str(out), "-f", "json"]
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd="/tmp"
    )
    watched, peak = psutil.Process(proc.pid), 0
    while proc.poll() is None:
        try:
            peak = max(peak, tree_rss(watched))
        except psutil.Error:
            break
        time.sleep(0.02)
    stdout = proc.stdout.read() if proc.stdout else ""
    if proc.returncode != 0:
        raise SystemExit(f"unjam load exited {proc.returncode}")
    return json.loads(stdout)["requests"], peak


def variant_env(before: str | None, folder: Path) -> dict:
    env = dict(os.environ)
    if before is None:
        env["PYTHONPATH"] = str(ROOT)
        return env
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", before, "unjam"], capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    env["PYTHONPATH"] = str(folder)
    return env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--durations", default="4s,16s", help="two run lengths, short,long")
    parser.add_argument("--concurrency", "-c", type=int, default=16)
    parser.add_argument("--before", help="git revision to compare with (e.g. HEAD~2)")
    args = parser.parse_args()
    short, long = args.durations.split(",")
    variants = [("after", None)] + (
        [(f"before ({args.before})", args.before)] if args.before else []
    )
    print(f"{'variant':<22} {'duration':>8} {'requests':>9} {'peak RSS MB':>12}")
    with (
        tempfile.TemporaryDirectory() as tmp,
        serve_app("apps:hello", app_dir=str(ROOT / "tests/load_data")) as server,
    ):
        summary = []
        for name, rev in variants:
            folder = Path(tmp) / name.split()[0]
            folder.mkdir()
            env = variant_env(rev, folder)
            runs = []
            for duration in (short, long):
                requests, peak = one_run(
                    server.url + "/", duration, args.concurrency, env, folder / "r.gz"
                )
                runs.append((requests, peak))
                print(f"{name:<22} {duration:>8} {requests:>9} {peak / 2**20:>12.1f}")
            (r1, p1), (r2, p2) = runs
            per_100k = (p2 - p1) / max(1, r2 - r1) * 100_000 / 2**20
            summary.append((name, p2 / p1, per_100k))
        print()
        for name, ratio, per_100k in summary:
            print(f"{name:<22} long/short peak RSS {ratio:.2f}   MB/100k req {per_100k:+.1f}")


if __name__ == "__main__":
    main()
