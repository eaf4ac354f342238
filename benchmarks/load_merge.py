"""Two generators merged vs one generator sending the same total load (issue 17's figure).

A hello-world app under uvicorn on 127.0.0.1; two `unjam load -r R/2 --start-at` runs at
once, merged by `unjam report A B`, then one `unjam load -r R` run of the same duration.
Prints both reports' counts and percentiles side by side, and the merged/single ratios.
(Generators on one machine share its cores: this checks the merge, not a fleet's capacity.)

Usage:  .venv/bin/python benchmarks/load_merge.py [--rate 400] [--duration 5s]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from unjam.server import serve_app  # noqa: E402

KEYS = ("50th", "90th", "99th", "max")


def unjam(*args: str) -> str:
    out = subprocess.run(
        [sys.executable, "-m", "unjam", *args], capture_output=True, text=True, check=True
    )
    return out.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=400)
    parser.add_argument("--duration", default="5s")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="unjam-merge-") as tmp:
        files = [Path(tmp) / name for name in ("a.gz", "b.gz", "single.gz")]
        with serve_app("apps:hello", app_dir=ROOT / "tests" / "load_data") as server:
            url = server.url + "/"
            unjam("load", url, "-r", "100", "-d", "1s")  # warm-up
            start = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 3))
            half = f"{args.rate / 2:g}"
            attack = ["load", url, "-r", half, "-d", args.duration, "--start-at", start]
            runs = [
                subprocess.Popen(
                    [sys.executable, "-m", "unjam", *attack, "-o", str(path)],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
                for path in files[:2]
            ]
            assert [run.wait() for run in runs] == [0, 0]
            unjam("load", url, "-r", f"{args.rate:g}", "-d", args.duration, "-o", str(files[2]))
        merged = json.loads(unjam("report", str(files[0]), str(files[1]), "-f", "json"))
        single = json.loads(unjam("report", str(files[2]), "-f", "json"))
    print(f"hello-world, {args.rate:g} req/s for {args.duration}: two generators (merged) vs one")
    for name, report in (("merged (2 x half)", merged), ("single", single)):
        lat = report["latencies"]
        print(
            f"  {name:18s} requests {report['requests']:6d}  rate {report['rate']:8.1f}/s  "
            + "  ".join(f"{k} {lat[k] / 1e6:7.3f} ms" for k in KEYS)
            + f"  status {report['status_codes']}"
        )
    print(
        "  merged / single:   "
        + "  ".join(
            f"{k} {merged['latencies'][k] / max(single['latencies'][k], 1):.2f}" for k in KEYS
        )
    )


if __name__ == "__main__":
    main()
