"""The engine's two load models: what a free connection does next, which connections to
open, and how a run waits for its end.

* `OpenModel`: requests are due on a schedule (`schedule.py`) whatever the server does;
  a due request takes an idle connection, or a new one, or waits in `engine.pending`.
* `ClosedModel`: `concurrency` connections, each sending its next request as soon as the
  previous one completes, while the budget (`--requests`, `--duration`) lasts.

Both act on their `Engine`'s pool (its idle and busy connections); the engine calls
`next` from a response's parser callback, so that path stays a few attribute reads.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING

from unjam.load.connection import Connection, now_ns
from unjam.load.schedule import OpenSchedule

if TYPE_CHECKING:
    from unjam.load.engine import Engine

DRAIN_GRACE_NS = 1_000_000_000  # after the schedule, queued requests get this long to go out
RETRY_CONNECT_S = 0.01  # after a failed connect, the next attempt waits this long


class OpenModel:
    """Open model (`rate`): latency counts from each request's intended send time."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def next(self, conn: Connection) -> None:
        """A connection is free: give it the oldest queued request, or park it."""
        engine = self.engine
        if engine.pending and not engine.stopping:
            intended, target = engine.pending.popleft()
            engine.busy.add(conn)
            conn.send(target, intended)
        else:
            engine.idle.append(conn)
            engine.check_finished()

    def refill(self) -> None:
        """One new connection per queued request with none on its way, up to the cap."""
        engine = self.engine
        on_the_way = engine.open - len(engine.busy) - len(engine.idle)
        want = len(engine.pending) - on_the_way
        while want > 0 and engine.open < engine.plan.max_connections:
            engine.connect()
            want -= 1

    def connect_failed(self, text: str, when: int) -> None:
        """The request that needed the connection fails; connecting resumes shortly."""
        engine = self.engine
        if engine.pending:
            intended, target = engine.pending.popleft()
            engine.rows.record_error(target, intended, when, text)
        engine.loop.call_later(RETRY_CONNECT_S, engine.refill)

    async def run(self, warmed: list[Connection]) -> None:
        self.engine.idle.extend(warmed)
        await self._schedule()
        await self._drain()

    async def _schedule(self) -> None:
        """Queue what is due on each wake-up (see `OpenSchedule` for the bounds), send it
        on idle connections, open more for the rest, sleep until the next is due."""
        engine = self.engine
        schedule = OpenSchedule(engine.plan, engine.start_ns)
        lag = engine.stats.sched_lag.append
        ntargets, offset = len(engine.wire.requests), engine.plan.target_offset
        while not schedule.done and not engine.stopping:
            now = now_ns()
            schedule.queue_due(now, engine.pending, offset, ntargets, lag)
            engine.stats.dropped += schedule.drop_overdue(now, len(engine.pending))
            self._send_pending()
            if engine.pending:
                engine.refill()
            if not schedule.done:
                await asyncio.sleep(max(0.0, (schedule.next_due() - now_ns()) / 1e9))

    def _send_pending(self) -> None:
        engine = self.engine
        pending, idle = engine.pending, engine.idle
        while pending and idle:
            conn = idle.pop()
            intended, target = pending.popleft()
            engine.busy.add(conn)
            conn.send(target, intended)

    async def _drain(self) -> None:
        """After the schedule: let queued requests go out for a grace second, then drop."""
        engine = self.engine
        deadline = now_ns() + DRAIN_GRACE_NS
        while engine.pending and now_ns() < deadline and not engine.stopping:
            await asyncio.sleep(0.005)
        engine.stats.dropped += len(engine.pending)
        engine.pending.clear()
        await engine.wait_inflight()


class ClosedModel:
    """Closed model (`concurrency`): what wrk, hey and ab do."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.next_target = engine.plan.target_offset
        requests = engine.plan.requests
        self.remaining = requests if requests is not None else -1  # -1: no count bound

    def next(self, conn: Connection) -> None:
        """A connection is free: send the next request while the budget lasts, or park it."""
        engine = self.engine
        target = self._take()
        if target is None:
            engine.idle.append(conn)
            engine.check_finished()
            return
        engine.busy.add(conn)
        conn.send(target)

    def refill(self) -> None:
        """Back up to `concurrency` connections while the budget lasts."""
        engine = self.engine
        if self._has_budget():
            while engine.open < engine.plan.concurrency:
                engine.connect()

    def connect_failed(self, text: str, when: int) -> None:
        """The request the connection was for fails; a new connection is tried shortly."""
        target = self._take()
        if target is not None:
            self.engine.rows.record_error(target, when, when, text)
            self.engine.loop.call_later(RETRY_CONNECT_S, self._reconnect)

    async def run(self, warmed: list[Connection]) -> None:
        engine = self.engine
        for conn in warmed:
            self.next(conn)
        engine.refill()
        engine.check_finished()
        await self._wait()

    def _take(self) -> int | None:
        if not self._has_budget():
            return None
        if self.remaining > 0:
            self.remaining -= 1
        target = self.next_target % len(self.engine.wire.requests)
        self.next_target += 1
        return target

    def _has_budget(self) -> bool:
        engine = self.engine
        if self.remaining == 0 or engine.stopping:
            return False
        return engine.end_ns is None or now_ns() < engine.end_ns

    def _reconnect(self) -> None:
        engine = self.engine
        if not engine.stopping and engine.open < engine.plan.concurrency and self._has_budget():
            engine.connect()
        engine.check_finished()

    async def _wait(self) -> None:
        """Until the budget is spent and nothing is in flight (or Ctrl-C)."""
        engine = self.engine
        finished = engine.finished
        assert finished is not None
        while not engine.stopping:
            if not engine.busy and not self._has_budget():
                break
            if not engine.busy and engine.open == 0 and self._has_budget():
                engine.refill()
            finished.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(finished.wait(), 0.05)
        await engine.wait_inflight()
