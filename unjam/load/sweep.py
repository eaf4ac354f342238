"""Runs of runs: a concurrency sweep (seed 004's table) and the knee search.

`sweep` repeats the closed model at each concurrency level — by default one request per
connection, all at once, which is exactly seed 004's experiment ("N concurrent requests,
total time") — and `format_sweep` prints its table. `find_knee` raises an open-model rate
multiplicatively until p99 breaches the SLO, throughput stops following the rate, errors
appear, or the generator itself falls behind; the last rate that passed is sustainable.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from unjam.load.gofmt import report_duration, tabwrite
from unjam.load.result import LoadResult
from unjam.load.runner import run_load
from unjam.load.targets import Target

KEEP_UP = 0.9  # throughput must reach this share of the offered rate
RISE = 1.05  # ...and rise by at least this factor over the previous step
MAX_ERRORS = 0.01


def sweep(
    targets: Sequence[Target],
    levels: Sequence[int],
    *,
    duration: float | None = None,
    requests_per_level: int | None = None,
    **kw: Any,
) -> list[tuple[int, LoadResult]]:
    """Closed model, one step per concurrency level.

    Bounded by `duration` per level, or `requests_per_level`; with neither, each level
    sends `level` requests at once (seed 004's shape).
    """
    steps = []
    for level in levels:
        requests = requests_per_level
        if requests is None and duration is None:
            requests = level
        result = run_load(targets, concurrency=level, duration=duration, requests=requests, **kw)
        steps.append((level, result))
        if result.interrupted:
            break
    return steps


def format_sweep(steps: Sequence[tuple[int, LoadResult]]) -> str:
    lines = ["level\tthroughput\tp50\tp99\ttotal time\tsuccess"]
    for level, r in steps:
        lines.append(
            f"{level}\t{r.throughput:.2f}/s\t{report_duration(r.latency_ns(50))}\t"
            f"{report_duration(r.latency_ns(99))}\t"
            f"{report_duration(r.attack_ns + r.wait_ns)}\t{r.success_ratio:.2%}"
            + ("" if r.valid else "  (the generator was the bottleneck)")
        )
    return tabwrite("\n".join(lines)) + "\n"


@dataclass
class KneeResult:
    sustainable_rate: float
    steps: list[tuple[float, LoadResult]] = field(default_factory=list)
    reason: str = ""

    def to_dict(self) -> dict:
        return {
            "sustainable_rate": self.sustainable_rate,
            "reason": self.reason,
            "steps": [
                {
                    "rate": rate,
                    "throughput": r.throughput,
                    "p50_ms": r.latency_ms(50),
                    "p99_ms": r.latency_ms(99),
                    "success": r.success_ratio,
                    "valid": r.valid,
                }
                for rate, r in self.steps
            ],
        }


def find_knee(
    targets: Sequence[Target],
    *,
    slo_p99_ms: float,
    start_rate: float = 10,
    step: float = 2.0,
    step_duration: float = 3.0,
    max_rate: float = 100_000,
    **kw: Any,
) -> KneeResult:
    """The highest tried open-model rate whose p99 stays within `slo_p99_ms`."""
    if step <= 1:
        raise ValueError("step must be > 1 (it multiplies the rate)")
    knee = KneeResult(0.0)
    rate = float(start_rate)
    previous: LoadResult | None = None
    while rate <= max_rate:
        result = run_load(targets, rate=rate, duration=step_duration, **kw)
        knee.steps.append((rate, result))
        p99 = result.latency_ms(99)
        errors = 1 - result.success_ratio
        if result.interrupted:
            knee.reason = "interrupted"
            return knee
        if not result.valid:
            knee.reason = (
                f"stopped at {rate:g}/s: the generator was the bottleneck "
                f"({result.invalid_reason}); use --workers"
            )
            return knee
        if p99 > slo_p99_ms:
            knee.reason = f"p99 {p99:.1f}ms breached the {slo_p99_ms:g}ms SLO at {rate:g}/s"
            return knee
        if errors > MAX_ERRORS:
            knee.reason = f"{errors:.1%} errors at {rate:g}/s"
            return knee
        if result.throughput < KEEP_UP * rate or (
            previous is not None and result.throughput < previous.throughput * RISE
        ):
            knee.reason = (
                f"throughput stopped rising at {rate:g}/s ({result.throughput:.1f}/s served)"
            )
            return knee
        knee.sustainable_rate = rate
        previous = result
        rate *= step
    knee.reason = f"reached --max-rate {max_rate:g}/s within the SLO"
    return knee


def format_knee(knee: KneeResult, slo_p99_ms: float) -> str:
    lines = ["rate\tthroughput\tp50\tp99\tsuccess"]
    for rate, r in knee.steps:
        lines.append(
            f"{rate:g}/s\t{r.throughput:.2f}/s\t{report_duration(r.latency_ns(50))}\t"
            f"{report_duration(r.latency_ns(99))}\t{r.success_ratio:.2%}"
        )
    table = tabwrite("\n".join(lines))
    return (
        f"{table}\nSustainable rate: {knee.sustainable_rate:g}/s "
        f"(p99 ≤ {slo_p99_ms:g}ms) — {knee.reason}\n"
    )
