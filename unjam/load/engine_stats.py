"""The engine's own health, for the self-check: how late its schedule and its event loop
ran, its CPU time, and what it dropped or sent late. `verdict.py` turns these into the
verdict on whether the generator kept up.
"""

from __future__ import annotations

import asyncio
from array import array
from dataclasses import dataclass, field
from typing import Any

from unjam.load.connection import now_ns
from unjam.load.tally import fill_histogram, new_histogram

TICK_NS = 10_000_000  # the loop-lag ticker's period


@dataclass
class EngineStats:
    """The engine's own health, for the self-check.

    Lags are appended to small arrays on the hot path and folded into HDR histograms (and
    exact maxima) every quarter second, so they too take constant memory."""

    dropped: int = 0
    late: int = 0
    sched_lag: array = field(default_factory=lambda: array("q"))
    loop_lag: array = field(default_factory=lambda: array("q"))
    sched_hist: Any = field(default_factory=new_histogram)
    loop_hist: Any = field(default_factory=new_histogram)
    sched_max: int = 0
    loop_max: int = 0
    cpu_s: float = 0.0
    wall_s: float = 0.0
    connects: int = 0
    interrupted: bool = False

    def fold_lags(self) -> None:
        for name in ("sched", "loop"):
            values = getattr(self, f"{name}_lag")
            if values:
                fill_histogram(getattr(self, f"{name}_hist"), values)
                setattr(self, f"{name}_max", max(getattr(self, f"{name}_max"), max(values)))
                del values[:]


async def watch_loop(stats: EngineStats) -> None:
    """Event-loop lag: how late a 10 ms ticker wakes up (runs until cancelled)."""
    lag = stats.loop_lag.append
    while True:
        before = now_ns()
        await asyncio.sleep(TICK_NS / 1e9)
        lag(max(0, now_ns() - before - TICK_NS))
