"""The open model's schedule: intended send times `start + phase + k / rate`.

Generated as it goes rather than up front, and bounded at both ends of a wake-up: at most
`BATCH` requests are queued per wake-up, so Ctrl-C and the sockets get a turn, and at most
`MAX_PENDING` wait for a connection; past that, due requests are counted as dropped in one
step instead of queued, so a rate the machine cannot send costs counters, not memory.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from unjam.load.engine import Plan

MAX_PENDING = 10_000  # requests due but without a connection, per engine (open model)
BATCH = 4_096  # requests scheduled per wake-up at most


class OpenSchedule:
    """Request k is due at `first + k * interval` (ns), for k below `total`."""

    def __init__(self, plan: Plan, start_ns: int) -> None:
        self.interval = 1e9 / plan.rate
        by_time = None
        if plan.duration_ns is not None:
            span = plan.duration_ns - plan.phase_ns
            by_time = max(0, math.ceil(span / self.interval - 1e-9))
        bounds = [b for b in (plan.requests, by_time) if b is not None]
        self.total = min(bounds) if bounds else 0
        self.first = start_ns + plan.phase_ns
        self.k = 0  # the next request to schedule

    @property
    def done(self) -> bool:
        return self.k >= self.total

    def next_due(self) -> int:
        return self.first + int(self.k * self.interval)

    def queue_due(
        self,
        now: int,
        pending: deque[tuple[int, int]],
        target_offset: int,
        ntargets: int,
        lag: Callable[[int], None],
    ) -> None:
        """Queue (intended, target) for what is due by `now`, within `BATCH` and
        `MAX_PENDING`; `lag` gets how late each is scheduled."""
        k, total, first, interval = self.k, self.total, self.first, self.interval
        room = min(BATCH, MAX_PENDING - len(pending))
        due = first + int(k * interval)
        while due <= now and k < total and room > 0:
            lag(now - due)
            pending.append((due, (target_offset + k) % ntargets))
            k += 1
            room -= 1
            due = first + int(k * interval)
        self.k = k

    def drop_overdue(self, now: int, waiting: int) -> int:
        """With `MAX_PENDING` already waiting, skip everything due by `now`; return how
        many requests that drops."""
        if self.done or waiting < MAX_PENDING or self.next_due() > now:
            return 0
        overdue = int(min(self.total, (now - self.first) // self.interval + 1) - self.k)
        self.k += overdue
        return overdue
