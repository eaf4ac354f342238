"""The load engine of one process: raw asyncio protocols speaking HTTP/1.1 keep-alive.

Why not aiohttp or httpx: their per-request object machinery costs 100–300 µs, so a Python
generator built on them saturates its own core before a uvicorn app does, and then the
measurement describes the generator. Here each connection is an `asyncio.Protocol`
(`connection.py`) writing requests encoded once (`wire.py`), and a finished response
starts the next request from inside the parser callback, with no task, future or
coroutine per request. Under uvloop this runs at tens of thousands of requests per second
per core.

Two models (`models.py`): **open** (`rate`) sends on a schedule of intended times and
counts latency from them, so a server stall shows up in every request that should have
been sent during it (no coordinated omission); **closed** (`concurrency`) keeps that many
connections busy, like wrk. This module holds what both share: the connection pool, its
events, and a run's start and end. Rows go to a `Recorder` (`recorder.py`); the engine's
own health to `EngineStats` (`engine_stats.py`), which `verdict.py` turns into the verdict.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import weakref
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from unjam.load.connection import Connection, error_text, now_ns
from unjam.load.engine_stats import EngineStats, watch_loop
from unjam.load.models import ClosedModel, OpenModel
from unjam.load.recorder import Recorder
from unjam.load.samples import Samples
from unjam.load.wire import Wire

STOP_GRACE_NS = 500_000_000  # Ctrl-C: in-flight requests get this long, then count as dropped
FLUSH_EVERY_S = 0.25  # finished rows are handed on (to the tally and the results file) this often


@dataclass
class Plan:
    """What one engine (one process) must do. Times in ns, rate per second."""

    model: str  # "open" | "closed"
    rate: float = 0.0
    phase_ns: int = 0
    concurrency: int = 0
    duration_ns: int | None = None
    requests: int | None = None
    connections: int = 1
    max_connections: int = 1_000
    timeout_ns: int = 30_000_000_000
    late_ns: int = 5_000_000
    target_offset: int = 0


class Engine:
    """Runs one `Plan` on the current event loop and hands its rows to `on_rows`."""

    def __init__(
        self,
        wire: Wire,
        plan: Plan,
        *,
        address: tuple[str, int] | None = None,
        on_progress: Callable[[dict], None] | None = None,
        progress_every_s: float = 0.5,
        on_rows: Callable[[Samples], None] | None = None,
    ) -> None:
        self.wire = wire
        self.plan = plan
        self.address = address or (wire.host, wire.port)
        self.rows = Recorder(wire, on_rows)
        self.stats = EngineStats()
        self.late_ns = plan.late_ns
        self.on_progress = on_progress
        self.progress_every_s = progress_every_s
        self.model = OpenModel(self) if plan.model == "open" else ClosedModel(self)
        self.idle: list[Connection] = []
        self.busy: set[Connection] = set()
        self.open = 0  # connections alive or being opened
        self.pending: deque[tuple[int, int]] = deque()  # (intended, target) waiting (open model)
        self.start_ns = 0
        self.end_ns: int | None = None
        self.stopping = False
        self.finished: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._warmed: list[Connection] | None = None
        self._connecting: set[asyncio.Task] = set()
        self._all: weakref.WeakSet[Connection] = weakref.WeakSet()

    @property
    def samples(self) -> Samples:
        """The rows not yet handed on (every row, without `on_rows`)."""
        return self.rows.samples

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        assert self._loop is not None, "the engine is not running"
        return self._loop

    # ------------------------------------------------------------------ connection events
    def completed(self, conn: Connection, done: int, keep: bool) -> None:
        conn.inflight = False
        self.busy.discard(conn)
        self.rows.record(
            conn.target, conn.intended, conn.sent, done, conn.status, conn.bytes_in, -1
        )
        if not keep:
            conn.transport.close()  # type: ignore[union-attr]
            return  # connection_lost will replace it
        self.model.next(conn)

    def failed(self, conn: Connection, text: str) -> None:
        if conn.inflight:
            conn.inflight = False
            self.busy.discard(conn)
            self.rows.record_error(conn.target, conn.intended, conn.sent, text)
        if conn.transport is not None:
            conn.transport.abort()

    def lost(self, conn: Connection, exc: Exception | None) -> None:
        self.open -= 1
        with contextlib.suppress(ValueError):
            self.idle.remove(conn)
        if conn.inflight:
            conn.inflight = False
            self.busy.discard(conn)
            text = "EOF (server closed the connection)" if exc is None else error_text(exc)
            self.rows.record_error(conn.target, conn.intended, conn.sent, text)
        self.refill()
        self.check_finished()

    # ------------------------------------------------------------------ connecting
    def refill(self) -> None:
        """Open the connections the model needs (none once stopping)."""
        if not self.stopping:
            self.model.refill()

    def connect(self) -> None:
        """Open one more connection in the background; the model gives it work."""
        self.open += 1
        self.stats.connects += 1
        task = self.loop.create_task(self._connect_task())
        self._connecting.add(task)
        task.add_done_callback(self._connecting.discard)

    async def _open_connection(self) -> Connection:
        host, port = self.address
        _, conn = await self.loop.create_connection(lambda: Connection(self), host, port)
        self._all.add(conn)
        return conn

    async def _connect_task(self) -> None:
        try:
            conn = await self._open_connection()
        except OSError as exc:
            self.open -= 1
            self._connect_failed(error_text(exc, connect=True))
            return
        except asyncio.CancelledError:
            self.open -= 1
            raise
        if self.stopping:
            conn.transport.close()  # type: ignore[union-attr]
            return
        self.model.next(conn)

    def _connect_failed(self, text: str) -> None:
        """A connect error costs the request that needed the connection (like vegeta)."""
        host, port = self.address
        self.model.connect_failed(f"dial tcp {host}:{port}: {text}", now_ns())
        self.check_finished()

    async def prepare(self) -> list[Connection]:
        """Open the initial pool before the clock starts, so connects don't skew the start."""
        self._loop = asyncio.get_running_loop()
        plan = self.plan
        count = plan.concurrency if plan.model == "closed" else plan.connections
        count = max(0, min(count, plan.max_connections))
        opened = await asyncio.gather(*(self._warm_one() for _ in range(count)))
        self._warmed = [conn for conn in opened if conn is not None]
        self.open += len(self._warmed)
        self.stats.connects += len(self._warmed)
        return self._warmed

    async def _warm_one(self) -> Connection | None:
        try:
            return await self._open_connection()
        except OSError:
            return None  # the run opens another when it needs one

    # ------------------------------------------------------------------ the run
    async def run(self, start_ns: int | None = None) -> Samples:
        loop = self._loop = asyncio.get_running_loop()
        self.finished = asyncio.Event()
        cpu0 = time.process_time()
        warmed = self._warmed if self._warmed is not None else await self.prepare()
        self._warmed = []
        self.start_ns = self.rows.start_ns = start_ns if start_ns is not None else now_ns()
        delay = (self.start_ns - now_ns()) / 1e9
        if delay > 0:
            await asyncio.sleep(delay)
        wall0 = now_ns()
        if self.plan.duration_ns is not None:
            self.end_ns = self.start_ns + self.plan.duration_ns
        helpers = [
            loop.create_task(watch_loop(self.stats)),
            loop.create_task(self._sweep_timeouts()),
            loop.create_task(self._pump_rows()),
        ]
        try:
            await self.model.run(warmed)
        finally:
            self.stopping = True
            self.stats.cpu_s = time.process_time() - cpu0
            self.stats.wall_s = (now_ns() - wall0) / 1e9
            await self._shutdown(helpers)
            self.rows.count_new()
            self.rows.flush()
            self.stats.fold_lags()
        return self.samples

    async def _shutdown(self, helpers: list[asyncio.Task]) -> None:
        """Cancel helpers and pending connects, close every connection, let callbacks run."""
        pending = helpers + list(self._connecting)
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        for conn in list(self.busy) + list(self.idle) + list(self._all):
            if conn.transport is not None and not conn.transport.is_closing():
                conn.transport.close()
        await asyncio.sleep(0.01)  # connect/close callbacks already queued by the loop

    async def wait_inflight(self) -> None:
        """Let in-flight requests finish (within the timeout, or the grace on Ctrl-C)."""
        limit = now_ns() + (
            STOP_GRACE_NS if self.stopping else self.plan.timeout_ns + STOP_GRACE_NS
        )
        while self.busy and now_ns() < limit:
            if self.stopping:
                limit = min(limit, now_ns() + STOP_GRACE_NS)
            await asyncio.sleep(0.005)
        # Still unanswered: on Ctrl-C they were never measured — count them as dropped.
        self.stats.dropped += len(self.busy)
        for conn in list(self.busy):
            conn.inflight = False
            if conn.transport is not None:
                conn.transport.abort()
        self.busy.clear()

    def check_finished(self) -> None:
        """Wake the closed model's wait: a connection went idle or away."""
        if self.finished is not None:
            self.finished.set()

    def stop(self) -> None:
        """Ctrl-C: stop scheduling and sending; what finished so far is the result."""
        if not self.stopping:
            self.stopping = True
            self.stats.interrupted = True
            self.stats.dropped += len(self.pending)
            self.pending.clear()
            self.check_finished()

    # ------------------------------------------------------------------ helpers
    async def _sweep_timeouts(self) -> None:
        timeout = self.plan.timeout_ns
        seconds = timeout / 1e9
        while True:
            await asyncio.sleep(min(0.1, seconds / 4))
            now = now_ns()
            for conn in [c for c in self.busy if now - c.sent > timeout]:
                self.failed(conn, f"timeout (no response within {seconds:g}s)")

    async def _pump_rows(self) -> None:
        """Every quarter second: count what finished, hand the rows on (so the engine holds
        a fraction of a second of them, whatever the duration) and report progress."""
        next_progress = now_ns() + self.progress_every_s * 1e9
        while True:
            await asyncio.sleep(FLUSH_EVERY_S)
            self.rows.count_new()
            self.rows.flush()
            self.stats.fold_lags()
            if self.on_progress is not None and now_ns() >= next_progress:
                next_progress = now_ns() + self.progress_every_s * 1e9
                self.on_progress(self.rows.progress(len(self.busy)))
