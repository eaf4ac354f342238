"""The lab scenarios' speed ratios, printed from one run of each (tiny sizes, like the tests).

tests/test_lab_scenarios.py proves each seed's claim by facts (tokens borrowed and waited
for, calls in flight at the downstream, the line that stalled the loop); the figures those
facts produce — how much slower, how many times the CPU — depend on the machine and its load,
so they live here. Each ratio is printed beside the level the seeds' shape suggests; a
loaded machine moves them, which is why no test asserts them.

    .venv/bin/python benchmarks/lab_scenarios.py [--only sleep,healthcheck,translate,webhook]
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys

SLEEP, POOL, RAISED = 0.5, 4, 8
ARGS = {
    "sleep": ["--sleep", str(SLEEP), "--pool", str(POOL), "--raised-pool", str(RAISED),
              "--concurrency", "4,8,12"],
    "healthcheck": ["--endpoints", "12", "--delay-ms", "100", "--threads", "6"],
    "translate": ["--requests", "12", "--concurrency", "6", "--delay-ms", "100"],
    "webhook": ["--rate", "500", "--duration", "1", "--timeout", "2", "--sustain-rate", "50",
                "--sustain-duration", "2", "--sink-rate", "30"],
}  # fmt: skip
BROKEN_WEBHOOKS = ("blocking_async", "run_in_threadpool", "threadpool_100", "per_request_client")


def lab(scenario: str) -> dict:
    argv = [sys.executable, "-m", "unjam", "lab", scenario, *ARGS[scenario], "--json"]
    result = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        sys.exit(f"unjam lab {scenario} failed ({result.returncode}): {result.stderr[-500:]}")
    return json.loads(result.stdout)


def row(label: str, value: float | None, goal: str) -> None:
    shown = "—" if value is None else f"{value:8.2f}"
    print(f"  {label:52s} {shown}   (seed's shape: {goal})")


def ratio(a: float | None, b: float | None) -> float | None:
    return a / b if a is not None and b else None


def sleep(data: dict) -> None:
    v = data["variants"]
    a, s = v["async"]["by_concurrency"], v["sync"]["by_concurrency"]
    r = v["sync"]["by_concurrency_raised_pool"]
    for n in ("4", "8", "12"):
        rounds = math.ceil(int(n) / POOL)
        row(f"async, {n} concurrent: seconds / sleep", a[n]["seconds"] / SLEEP, "≈ 1")
        row(f"sync pool {POOL}, {n} concurrent: seconds / sleep", s[n]["seconds"] / SLEEP,
            f"≈ {rounds}")  # fmt: skip
        row(f"sync pool {RAISED}, {n} concurrent: seconds / sleep", r[n]["seconds"] / SLEEP,
            f"≈ {math.ceil(int(n) / RAISED)}")  # fmt: skip


def healthcheck(data: dict) -> None:
    v = data["variants"]
    seq = v["checker_sequential"]["seconds"]
    row("sequential / asyncio seconds", ratio(seq, v["checker_asyncio"]["seconds"]), "> 3")
    row("sequential / threads_6 seconds", ratio(seq, v["checker_threads_6"]["seconds"]), "> 1")
    ping = v["async_requests"]["ping_during_check_ms"]
    row("/ping during requests.get-in-async-def check, ms", ping, "> 300: the loop is deaf")
    row("/ping during the asyncio check, ms", v["asyncio"]["ping_during_check_ms"], "small")


def translate(data: dict) -> None:
    v = data["variants"]
    for fixed in ("run_in_threadpool", "sync_def"):
        row(f"async_blocking / {fixed} seconds",
            ratio(v["async_blocking"]["seconds"], v[fixed]["seconds"]), "> 2.5")  # fmt: skip


def webhook(data: dict) -> None:
    v = data["variants"]
    best = v["best"]
    for name in BROKEN_WEBHOOKS:
        row(f"{name}: p50 / best p50", ratio(v[name]["p50_ms"], best["p50_ms"]), "> 10")
        row(f"{name}: throughput / best", ratio(v[name]["throughput"], best["throughput"]),
            "< 0.8")  # fmt: skip
        row(f"{name}: server CPU per ok / best",
            ratio(v[name]["server_cpu_ms_per_ok"], best["server_cpu_ms_per_ok"]), "> 3")  # fmt: skip
    row("best / do_nothing_async throughput", data["extra"]["ratios"]["best_vs_do_nothing_async"],
        "≥ 0.8 (the project's goal)")  # fmt: skip


REPORTS = {"sleep": sleep, "healthcheck": healthcheck, "translate": translate, "webhook": webhook}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default=",".join(REPORTS), help="comma-separated scenarios")
    names = [n.strip() for n in parser.parse_args().only.split(",") if n.strip()]
    unknown = [n for n in names if n not in REPORTS]
    if unknown:
        sys.exit(f"--only: no scenario {', '.join(unknown)}; choose from {', '.join(REPORTS)}")
    for name in names:
        print(f"unjam lab {name} {' '.join(ARGS[name])}", flush=True)
        REPORTS[name](lab(name))


if __name__ == "__main__":
    main()
