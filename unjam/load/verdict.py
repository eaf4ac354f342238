"""Did the generator keep its schedule? Each process's own health, and the verdict on all.

A load generator that falls behind measures itself, not the server: its sends go out late
(open model), its event loop lags, or its CPU is saturated. Each run's processes report
their engine's stats (`engine_stats`); `verdict` merges them into the report's self-check
and marks the run invalid, with the reason, when any limit was passed.
"""

from __future__ import annotations

from typing import Any

from hdrh.histogram import HdrHistogram

from unjam.load.engine import Engine
from unjam.load.result import RunInfo, new_histogram
from unjam.load.tally import fill_histogram

SCHED_LAG_LIMIT_MS = 10.0
LOOP_LAG_LIMIT_MS = 20.0
CPU_SATURATED = 0.95


def engine_stats(engine: Engine) -> dict[str, Any]:
    """The engine's health after its run, as the dict `verdict` reads (lags folded)."""
    st = engine.stats
    st.fold_lags()
    return {
        "dropped": st.dropped,
        "late": st.late,
        "sched_lag": st.sched_hist,
        "loop_lag": st.loop_hist,
        "sched_lag_max": st.sched_max,
        "loop_lag_max": st.loop_max,
        "cpu_s": st.cpu_s,
        "wall_s": st.wall_s,
        "connects": st.connects,
        "interrupted": st.interrupted,
    }


def _lag_histogram(values: Any) -> Any:
    """Lags as an HDR histogram (the engine's own, or one filled from a list of values)."""
    if isinstance(values, HdrHistogram):
        return values
    hist = new_histogram()
    fill_histogram(hist, values)
    return hist


def verdict(info: RunInfo, stats: list[dict[str, Any]]) -> None:
    """Fill `info.selfcheck` and decide whether the generator kept its schedule."""
    sched, loop = new_histogram(), new_histogram()
    for s in stats:
        sched.add(_lag_histogram(s["sched_lag"]))
        loop.add(_lag_histogram(s["loop_lag"]))

    def pct(hist: Any, q: float) -> float:
        return hist.get_value_at_percentile(q) / 1e6 if hist.get_total_count() else 0.0

    def most(key: str, hist: Any) -> float:
        exact = [s[key] for s in stats if key in s]
        top = max(exact) if exact else (hist.get_max_value() if hist.get_total_count() else 0)
        return round(top / 1e6, 3)

    cpu = [s["cpu_s"] / s["wall_s"] if s["wall_s"] > 0 else 0.0 for s in stats]
    check = {
        "send_lag_p99_ms": round(pct(sched, 99.0), 3),
        "send_lag_max_ms": most("sched_lag_max", sched),
        "loop_lag_p99_ms": round(pct(loop, 99.0), 3),
        "loop_lag_max_ms": most("loop_lag_max", loop),
        "cpu_per_worker": [round(c, 3) for c in cpu],
        "connections_opened": sum(s["connects"] for s in stats),
        "limits": {
            "send_lag_p99_ms": SCHED_LAG_LIMIT_MS,
            "loop_lag_p99_ms": LOOP_LAG_LIMIT_MS,
            "cpu": CPU_SATURATED,
        },
    }
    info.selfcheck = check
    reasons = []
    if info.model == "open" and check["send_lag_p99_ms"] > SCHED_LAG_LIMIT_MS:
        reasons.append(
            f"it sent behind its schedule (p99 send lag {check['send_lag_p99_ms']:.1f}ms "
            f"> {SCHED_LAG_LIMIT_MS:g}ms)"
        )
    if check["loop_lag_p99_ms"] > LOOP_LAG_LIMIT_MS:
        reasons.append(
            f"its event loop lagged (p99 {check['loop_lag_p99_ms']:.1f}ms > {LOOP_LAG_LIMIT_MS:g}ms)"
        )
    busy = [c for c, s in zip(cpu, stats, strict=True) if s["wall_s"] >= 0.5 and c >= CPU_SATURATED]
    if busy:
        reasons.append(f"its CPU was saturated ({max(busy):.0%} of a core)")
    if reasons:
        info.valid = False
        info.invalid_reason = "; ".join(reasons)
