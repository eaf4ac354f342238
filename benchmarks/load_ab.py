"""unjam load from two checkouts against one server: did a change to the engine cost anything?

A hello-world uvicorn app pinned to core 0; `unjam load` of checkout A and of checkout B
pinned to core 1, in interleaved rounds (the order alternates; a first round warms up).
Prints each round, the medians, and the B/A ratios of throughput and of the generator's
own CPU per request (from its self-check), the figure a slower engine shows first even
while the server is the bottleneck.

Usage:  .venv/bin/python benchmarks/load_ab.py /work/main . [--rounds 6] [--seconds 3]
        [-- -r 4000]   (after --, the load's model: default -c 50; each checkout needs a .venv)
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from unjam.server import ServerProcess, free_port, uvicorn_argv  # noqa: E402


def one_run(checkout: Path, url: str, seconds: float, model: list[str]) -> tuple[float, float]:
    """(requests/s, generator CPU µs per request) of one run of `checkout`'s unjam load."""
    python = str(checkout / ".venv" / "bin" / "python")
    attack = ["load", url, *model, "-d", f"{seconds:g}s", "-f", "json"]
    done = subprocess.run(
        ["taskset", "-c", "1", python, "-m", "unjam", *attack],
        cwd=checkout,
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(done.stdout)
    cpu = report["unjam"]["generator"]["cpu_per_worker"][0]
    return report["throughput"], cpu * 1e6 / report["rate"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", type=Path, help="checkout A (the baseline)")
    parser.add_argument("b", type=Path, help="checkout B (the change)")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=3)
    args, rest = parser.parse_known_args()
    model = [arg for arg in rest if arg != "--"] or ["-c", "50"]
    sides = {"A": args.a.resolve(), "B": args.b.resolve()}
    port = free_port()
    argv = ["taskset", "-c", "0", *uvicorn_argv("apps:hello", port)]
    server = ServerProcess(argv, port, env={"PYTHONPATH": str(ROOT / "tests" / "load_data")})
    rates: dict[str, list[float]] = {"A": [], "B": []}
    cpus: dict[str, list[float]] = {"A": [], "B": []}
    with server:
        url = server.url + "/"
        for round_no in range(args.rounds + 1):  # round 0 warms up
            for name in ("A", "B") if round_no % 2 else ("B", "A"):
                rate, cpu = one_run(sides[name], url, args.seconds, model)
                print(f"  round {round_no} {name} {rate:9.0f} req/s  {cpu:6.1f} µs CPU/request")
                if round_no:
                    rates[name].append(rate)
                    cpus[name].append(cpu)
    for what, values in (("requests/s", rates), ("generator CPU µs/request", cpus)):
        a, b = (statistics.median(values[name]) for name in ("A", "B"))
        paired = statistics.median(y / x for x, y in zip(values["A"], values["B"], strict=True))
        print(
            f"{what}: A {a:.1f}  B {b:.1f}  B/A {b / a:.3f}  (median of paired ratios {paired:.3f})"
        )


if __name__ == "__main__":
    main()
