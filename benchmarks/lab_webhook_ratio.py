"""The fixed webhook's throughput as a fraction of the do-nothing endpoint's (goal ≥ 0.8).

Interleaved A/B rounds on the lab's own servers: `best` (the webhook: pydantic validation +
SQS send through the latency proxy) and `do_nothing_async` (seed 001's appendix), each
attacked at the same fixed rate; medians and their ratio are printed. Server pinned to one
core, load and downstreams to the other (see docs/lab.md for what that cannot reproduce).

    .venv/bin/python benchmarks/lab_webhook_ratio.py [--rate 500] [--duration 2] [--rounds 3]
"""

from __future__ import annotations

import argparse
import contextlib
import statistics

from unjam.lab.processes import core_plan, pin_self, serve
from unjam.lab.registry import downstreams, variant
from unjam.lab.scenarios.webhook import Options, attack


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=500.0)
    parser.add_argument("--duration", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--latency-ms", type=float, default=20.0)
    args = parser.parse_args()
    options = Options(rate=args.rate, duration_s=args.duration, latency_ms=args.latency_ms)
    server_core, load_core = core_plan()
    names = ("do_nothing_async", "best")
    seen: dict[str, list[float]] = {name: [] for name in names}
    with (
        downstreams("webhook", latency_ms=args.latency_ms, core=load_core) as env,
        contextlib.ExitStack() as stack,
    ):
        running = {
            name: stack.enter_context(serve(variant("webhook", name).app, env, core=server_core))
            for name in names
        }
        with pin_self(load_core):
            for round_no in range(args.rounds):
                for name in names if round_no % 2 == 0 else reversed(names):
                    summary, _, _ = attack(
                        running[name],
                        variant("webhook", name),
                        options,
                        rate=args.rate,
                        duration=args.duration,
                    )
                    seen[name].append(summary["throughput"])
                    print(
                        f"round {round_no + 1} {name:18s} {summary['throughput']:7.1f} rps "
                        f"success {summary['success']:.0%} p50 {summary['p50_ms']:.0f} ms",
                        flush=True,
                    )
    medians = {name: statistics.median(values) for name, values in seen.items()}
    ratio = medians["best"] / medians["do_nothing_async"]
    print(
        f"median throughput at {args.rate:g}/s: do-nothing {medians['do_nothing_async']:.1f} rps, "
        f"fixed webhook {medians['best']:.1f} rps; ratio {ratio:.2f} "
        f"({'meets' if ratio >= 0.8 else 'misses'} the goal ≥ 0.8)"
    )


if __name__ == "__main__":
    main()
