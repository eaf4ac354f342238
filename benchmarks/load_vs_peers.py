"""unjam load vs wrk, hey and ab on the same raw-ASGI uvicorn target; then a stalling server.

Part 1 — throughput. One uvicorn process serving a raw ASGI "hello world" app, pinned to
core 0 (`taskset -c 0`); each generator pinned to core 1, all at the same connection
count, interleaved rounds (the order rotates each round), medians printed with the ratio
unjam / wrk (goal >= 0.9). The server is the bottleneck by design: the question is whether
the generator keeps up with it, which is what a diagnosing tool needs.

Part 2 — a server whose event loop blocks for 1 s every 2.5 s. unjam runs the open model
at a fixed rate over the same number of connections as wrk and reports latency from the
intended send time (coordinated-omission corrected) and the service time. wrk is a closed
model, but before printing it back-fills its histogram (`stats_correct`: each slow
sample is repeated at wrk's own mean per-connection interval), an after-the-fact
estimate of the same correction; its percentiles are printed as wrk reports them.
wrk2 (wrk's fork with a real request schedule) is not packaged in Debian, so it is not
compared.

Usage: .venv/bin/python benchmarks/load_vs_peers.py [--rounds 3] [--seconds 5] [--connections 50]
Needs /usr/bin/wrk, /usr/bin/hey, /usr/bin/ab and taskset. Numbers depend on the machine:
run it on an idle box; the script prints the load average before it starts.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from unjam.server import ServerProcess, free_port, uvicorn_argv  # noqa: E402

APPS = ROOT / "tests" / "load_data"
PIN_SERVER = ["taskset", "-c", "0"]
PIN_CLIENT = ["taskset", "-c", "1"]


def serve(app: str) -> ServerProcess:
    port = free_port()
    argv = PIN_SERVER + uvicorn_argv(app, port)
    server = ServerProcess(argv, port, env={"PYTHONPATH": str(APPS)})
    return server.start()


def run(argv: list[str], timeout: float) -> str:
    done = subprocess.run(PIN_CLIENT + argv, capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        raise RuntimeError(f"{argv[0]} failed: {done.stderr.strip()[-300:]}")
    return done.stdout


def number(pattern: str, text: str) -> float:
    match = re.search(pattern, text)
    if not match:
        raise RuntimeError(f"no match for {pattern!r} in:\n{text[-500:]}")
    return float(match.group(1))


def unjam_rps(url: str, conns: int, seconds: float) -> float:
    attack = ["load", url, "-c", str(conns), "-d", f"{seconds:g}s", "-f", "json"]
    out = run([sys.executable, "-m", "unjam", *attack], seconds + 60)
    data = json.loads(out)
    if not data["unjam"]["valid"]:
        print(f"    (unjam flagged its own run: {data['unjam']['invalid_reason']})")
    return data["throughput"]


def wrk_rps(url: str, conns: int, seconds: float) -> float:
    out = run(["wrk", "-t1", f"-c{conns}", f"-d{seconds:g}s", url], seconds + 30)
    return number(r"Requests/sec:\s+([\d.]+)", out)


def hey_rps(url: str, conns: int, seconds: float) -> float:
    out = run(["hey", "-z", f"{seconds:g}s", "-c", str(conns), url], seconds + 30)
    return number(r"Requests/sec:\s+([\d.]+)", out)


def ab_rps(url: str, conns: int, seconds: float) -> float:
    out = run(
        ["ab", "-k", "-q", "-c", str(conns), "-t", f"{seconds:g}", "-n", "50000000", url],
        seconds + 30,
    )
    return number(r"Requests per second:\s+([\d.]+)", out)


GENERATORS = {"unjam": unjam_rps, "wrk": wrk_rps, "hey": hey_rps, "ab": ab_rps}


def throughput(rounds: int, seconds: float, conns: int) -> None:
    print(f"== Part 1: requests/s, {conns} connections, {seconds:g}s per run, {rounds} rounds")
    server = serve("apps:hello")
    url = server.url + "/"
    try:
        for fn in GENERATORS.values():  # warm-up: one short run each
            fn(url, conns, 1)
        results: dict[str, list[float]] = {name: [] for name in GENERATORS}
        names = list(GENERATORS)
        for r in range(rounds):
            order = names[r % len(names) :] + names[: r % len(names)]
            for name in order:
                rps = GENERATORS[name](url, conns, seconds)
                results[name].append(rps)
                print(f"  round {r + 1} {name:6s} {rps:10.0f} req/s")
    finally:
        server.stop()
    medians = {name: statistics.median(values) for name, values in results.items()}
    print("\n  generator  median req/s  vs wrk   (min - max over rounds)")
    for name, value in medians.items():
        spread = f"{min(results[name]):.0f} - {max(results[name]):.0f}"
        print(f"  {name:9s}  {value:12.0f}  {value / medians['wrk']:6.2f}x  ({spread})")
    paired = [u / w for u, w in zip(results["unjam"], results["wrk"], strict=True)]
    print(
        f"\n  unjam / wrk = {medians['unjam'] / medians['wrk']:.2f} (ratio of medians); "
        f"median of per-round ratios {statistics.median(paired):.2f} (goal >= 0.9)\n"
    )


def stalls(seconds: float, rate: int, conns: int) -> None:
    print(f"== Part 2: a server that blocks its loop 1 s every 2.5 s; {seconds:g}s")
    server = serve("apps:stall")
    url = server.url + "/"
    try:
        pool = ["--connections", str(conns), "--max-connections", str(conns)]
        attack = ["load", url, "-r", str(rate), "-d", f"{seconds:g}s", *pool, "-f", "json"]
        out = run([sys.executable, "-m", "unjam", *attack], seconds + 60)
    finally:
        server.stop()
    data = json.loads(out)
    lat, svc = data["latencies"], data["unjam"]["service_time"]
    server = serve("apps:stall")
    try:
        wrk = run(
            ["wrk", "-t1", f"-c{conns}", f"-d{seconds:g}s", "--latency", server.url + "/"],
            seconds + 30,
        )
    finally:
        server.stop()

    def wrk_pct(p: str) -> str:
        match = re.search(rf"^\s+{p}%\s+(\S+)", wrk, re.M)
        return match.group(1) if match else "?"

    wrk_max = re.search(r"Latency\s+\S+\s+\S+\s+(\S+)", wrk)
    print(
        f"  unjam -r {rate} over at most {conns} connections (open model), "
        "latency from the intended send time:"
    )
    print(
        "    p50 {:.1f}ms  p90 {:.1f}ms  p99 {:.1f}ms  max {:.1f}ms".format(
            lat["50th"] / 1e6, lat["90th"] / 1e6, lat["99th"] / 1e6, lat["max"] / 1e6
        )
    )
    print(
        "    service time: p50 {:.1f}ms  p90 {:.1f}ms  p99 {:.1f}ms".format(
            svc["50th"] / 1e6, svc["90th"] / 1e6, svc["99th"] / 1e6
        )
    )
    print(f"  wrk -c {conns} (closed model; percentiles after wrk's own stats_correct back-fill):")
    print(
        f"    p50 {wrk_pct('50')}  p90 {wrk_pct('90')}  p99 {wrk_pct('99')}  "
        f"max {wrk_max.group(1) if wrk_max else '?'}"
    )
    print("  (wrk2, wrk with a real request schedule, is not packaged in Debian.)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument("--stall-seconds", type=float, default=8)
    parser.add_argument("--stall-rate", type=int, default=100)
    parser.add_argument("--part", choices=["all", "throughput", "stalls"], default="all")
    args = parser.parse_args()
    for tool in ("wrk", "hey", "ab", "taskset"):
        if not shutil.which(tool):
            sys.exit(f"{tool} is not installed")
    print(f"load average before start: {os.getloadavg()}")
    if args.part in ("all", "throughput"):
        throughput(args.rounds, args.seconds, args.connections)
    if args.part in ("all", "stalls"):
        stalls(args.stall_seconds, args.stall_rate, 10)


if __name__ == "__main__":
    main()
