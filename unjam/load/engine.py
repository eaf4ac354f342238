"""The load engine of one process: raw asyncio protocols speaking HTTP/1.1 keep-alive.

Why not aiohttp or httpx: their per-request object machinery costs 100–300 µs, so a Python
generator built on them saturates its own core before a uvicorn app does, and then the
measurement describes the generator. Here each connection is an `asyncio.Protocol` whose
requests are pre-encoded bytes and whose responses go through `httptools` (the C parser
uvicorn uses); a finished response starts the next request from inside the parser
callback, with no task, future or coroutine per request. Under uvloop this runs at tens
of thousands of requests per second per core.

Two models:

* **open** (`rate`): a schedule of intended send times, `start + k / rate`. A request whose
  time has come goes to an idle connection, or opens a new one (up to `max_connections`),
  or waits in a queue. Latency counts from the *intended* time, so a server stall shows up
  in every request that should have been sent during it (no coordinated omission); service
  time counts from the actual send. Requests still queued one second after the attack end
  are `dropped`; requests sent more than `late_ms` after their time are `late`.
* **closed** (`concurrency`): that many connections, each sending its next request as soon
  as the previous one completes.

The engine also watches itself: the lag of its scheduler against the plan, the event
loop's lag (a 10 ms ticker) and its CPU time; `runner.py` turns these into the verdict.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
import weakref
from array import array
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httptools

from unjam.load.samples import Samples

now_ns = time.perf_counter_ns

DRAIN_GRACE_NS = 1_000_000_000
STOP_GRACE_NS = 500_000_000  # Ctrl-C: in-flight requests get this long, then count as dropped
MAX_PENDING = 10_000  # requests due but without a connection, per engine (open model)
BATCH = 4_096  # requests scheduled per wake-up at most
FLUSH_EVERY_S = 0.25  # finished rows are handed on (to the tally and the results file) this often


@dataclass
class Wire:
    """Pre-encoded requests for one host:port."""

    host: str
    port: int
    requests: list[bytes]
    body_sizes: list[int]
    labels: list[str]  # 'Get "http://..."' for error texts, like Go's url.Error
    head: list[bool]


def encode_targets(targets: list[Any]) -> Wire:
    """Serialize each Target once; every send is one `transport.write` of these bytes."""
    from urllib.parse import urlsplit

    from unjam.errors import BadInput

    hosts = set()
    requests, sizes, labels, heads = [], [], [], []
    for target in targets:
        parts = urlsplit(target.url)
        host = parts.hostname or ""
        port = parts.port or 80
        hosts.add((host, port))
        path = parts.path or "/"
        if parts.query:
            path += "?" + parts.query
        host_header = parts.netloc.rsplit("@", 1)[-1]
        lines = [f"{target.method} {path} HTTP/1.1", f"Host: {host_header}"]
        names = {k.lower() for k in target.headers}
        if "user-agent" not in names:
            lines.append("User-Agent: unjam-load/0.1")
        for key, value in target.headers.items():
            if key.lower() != "host":
                lines.append(f"{key}: {value}")
            else:
                lines[1] = f"Host: {value}"
        body = target.body or b""
        if (body or target.method in ("POST", "PUT", "PATCH")) and "content-length" not in names:
            lines.append(f"Content-Length: {len(body)}")
        head = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
        requests.append(head + body)
        sizes.append(len(body))
        labels.append(f'{target.method.capitalize()} "{target.url}"')
        heads.append(target.method == "HEAD")
    if len(hosts) > 1:
        listed = ", ".join(f"{h}:{p}" for h, p in sorted(hosts))
        raise BadInput(f"targets name several hosts ({listed}); run one load per host")
    (host, port) = hosts.pop()
    return Wire(host, port, requests, sizes, labels, heads)


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


@dataclass
class EngineStats:
    """The engine's own health, for the self-check.

    Lags are appended to small arrays on the hot path and folded into HDR histograms (and
    exact maxima) every quarter second, so they too take constant memory."""

    dropped: int = 0
    late: int = 0
    sched_lag: array = field(default_factory=lambda: array("q"))
    loop_lag: array = field(default_factory=lambda: array("q"))
    sched_hist: Any = field(default_factory=lambda: _new_histogram())
    loop_hist: Any = field(default_factory=lambda: _new_histogram())
    sched_max: int = 0
    loop_max: int = 0
    cpu_s: float = 0.0
    wall_s: float = 0.0
    connects: int = 0
    interrupted: bool = False

    def fold_lags(self) -> None:
        from unjam.load.tally import fill_histogram

        for name in ("sched", "loop"):
            values = getattr(self, f"{name}_lag")
            if values:
                fill_histogram(getattr(self, f"{name}_hist"), values)
                setattr(self, f"{name}_max", max(getattr(self, f"{name}_max"), max(values)))
                del values[:]


def _new_histogram() -> Any:
    from unjam.load.tally import new_histogram

    return new_histogram()


class Connection(asyncio.Protocol):
    """One keep-alive HTTP/1.1 connection; at most one request in flight (no pipelining)."""

    __slots__ = (
        "__weakref__",
        "bytes_in",
        "engine",
        "head",
        "inflight",
        "intended",
        "parser",
        "sent",
        "status",
        "target",
        "transport",
    )

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.transport: asyncio.Transport | None = None
        self.parser = httptools.HttpResponseParser(self)
        self.inflight = False
        self.head = False
        self.target = 0
        self.intended = 0
        self.sent = 0
        self.status = 0
        self.bytes_in = 0

    # -- asyncio callbacks
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserError as err:
            self.engine.failed(self, f"malformed HTTP response: {err}")

    def connection_lost(self, exc: Exception | None) -> None:
        self.engine.lost(self, exc)

    # -- httptools callbacks
    def on_headers_complete(self) -> None:
        self.status = self.parser.get_status_code()
        if self.head:
            self.on_message_complete()

    def on_body(self, body: bytes) -> None:
        self.bytes_in += len(body)

    def on_message_complete(self) -> None:
        if not self.inflight:
            return
        done = now_ns()
        keep = self.parser.should_keep_alive() and not self.head
        if self.head:
            self.parser = httptools.HttpResponseParser(self)
        self.engine.completed(self, done, keep)

    # -- driving
    def send(self, target: int, intended: int = 0) -> None:
        """Write request `target`; `intended` 0 means "now" (closed model)."""
        self.target = target
        self.status = 0
        self.bytes_in = 0
        self.inflight = True
        engine = self.engine
        self.head = engine.wire.head[target]
        self.sent = sent = now_ns()
        if intended:
            if sent - intended > engine.late_ns:
                engine.stats.late += 1
        else:
            intended = sent
        self.intended = intended
        self.transport.write(engine.wire.requests[target])  # type: ignore[union-attr]


class Engine:
    """Runs one `Plan` on the current event loop and fills `samples`."""

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
        self.samples = Samples()
        self.stats = EngineStats()
        self.late_ns = plan.late_ns
        self.on_progress = on_progress
        self.progress_every_s = progress_every_s
        self.on_rows = on_rows
        self.done_count = self.error_count = 0  # rows finished so far (for the progress line)
        self._scanned = 0  # rows of `samples` already counted
        self._recent_p99_ns = 0
        self.idle: list[Connection] = []
        self.busy: set[Connection] = set()
        self.open = 0  # connections alive or being opened
        self.pending: deque[tuple[int, int]] = deque()  # (intended, target) waiting (open model)
        self.next_target = plan.target_offset
        self.remaining = plan.requests if plan.requests is not None else -1
        self.start_ns = 0
        self.end_ns: int | None = None
        self.scheduling = False
        self.stopping = False
        self.finished: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._warmed: list[Connection] | None = None
        self._connecting: set[asyncio.Task] = set()
        self._all: weakref.WeakSet[Connection] = weakref.WeakSet()
        self._record = self._make_recorder()

    # ------------------------------------------------------------------ recording
    def _make_recorder(self) -> Callable[..., None]:
        s = self.samples
        a_target, a_int, a_sent, a_done = (
            s.target.append,
            s.intended.append,
            s.sent.append,
            s.done.append,
        )
        a_status, a_in, a_out, a_err = (
            s.status.append,
            s.bytes_in.append,
            s.bytes_out.append,
            s.error.append,
        )

        def record(
            target: int, intended: int, sent: int, done: int, status: int, bytes_in: int, err: int
        ) -> None:
            a_target(target)
            a_int(intended - self.start_ns)
            a_sent(sent - self.start_ns)
            a_done(done - self.start_ns)
            a_status(status)
            a_in(bytes_in)
            a_out(self.wire.body_sizes[target] if sent else 0)
            a_err(err)

        return record

    def record_error(self, target: int, intended: int, sent: int, text: str) -> None:
        label = self.wire.labels[target]
        self._record(
            target,
            intended,
            sent or intended,
            now_ns(),
            0,
            0,
            self.samples.error_index(f"{label}: {text}"),
        )

    # ------------------------------------------------------------------ connection events
    def completed(self, conn: Connection, done: int, keep: bool) -> None:
        conn.inflight = False
        self.busy.discard(conn)
        self._record(conn.target, conn.intended, conn.sent, done, conn.status, conn.bytes_in, -1)
        if not keep:
            conn.transport.close()  # type: ignore[union-attr]
            return  # connection_lost will replace it
        self._next(conn)

    def failed(self, conn: Connection, text: str) -> None:
        if conn.inflight:
            conn.inflight = False
            self.busy.discard(conn)
            self.record_error(conn.target, conn.intended, conn.sent, text)
        if conn.transport is not None:
            conn.transport.abort()

    def lost(self, conn: Connection, exc: Exception | None) -> None:
        self.open -= 1
        with contextlib.suppress(ValueError):
            self.idle.remove(conn)
        if conn.inflight:
            conn.inflight = False
            self.busy.discard(conn)
            text = "EOF (server closed the connection)" if exc is None else _errtext(exc)
            self.record_error(conn.target, conn.intended, conn.sent, text)
        self._refill()
        self._check_finished()

    def _next(self, conn: Connection) -> None:
        """A connection is free: give it work or park it."""
        if self.plan.model == "open":
            if self.pending and not self.stopping:
                intended, target = self.pending.popleft()
                self.busy.add(conn)
                conn.send(target, intended)
            else:
                self.idle.append(conn)
                self._check_finished()
            return
        target = self._take_closed()
        if target is None:
            self.idle.append(conn)
            self._check_finished()
            return
        self.busy.add(conn)
        conn.send(target)

    def _take_closed(self) -> int | None:
        if self.stopping or self.remaining == 0:
            return None
        if self.end_ns is not None and now_ns() >= self.end_ns:
            return None
        if self.remaining > 0:
            self.remaining -= 1
        target = self.next_target % len(self.wire.requests)
        self.next_target += 1
        return target

    # ------------------------------------------------------------------ connecting
    def _connect(self) -> None:
        self.open += 1
        self.stats.connects += 1
        task = self._loop.create_task(self._connect_task())  # type: ignore[union-attr]
        self._connecting.add(task)
        task.add_done_callback(self._connecting.discard)

    async def _connect_task(self) -> None:
        loop = self._loop
        host, port = self.address
        try:
            _, conn = await loop.create_connection(lambda: Connection(self), host, port)  # type: ignore[union-attr]
        except OSError as exc:
            self.open -= 1
            self._connect_failed(_errtext(exc, connect=True))
            return
        except asyncio.CancelledError:
            self.open -= 1
            raise
        self._all.add(conn)  # type: ignore[arg-type]
        if self.stopping:
            conn.transport.close()  # type: ignore[union-attr]
            return
        self._next(conn)  # type: ignore[arg-type]

    def _connect_failed(self, text: str) -> None:
        """A connect error costs the request that needed the connection (like vegeta)."""
        t = now_ns()
        if self.plan.model == "open":
            if self.pending:
                intended, target = self.pending.popleft()
                self.record_error(
                    target, intended, t, f"dial tcp {self.address[0]}:{self.address[1]}: {text}"
                )
            self._loop.call_later(0.01, self._refill)  # type: ignore[union-attr]
        else:
            target = self._take_closed()
            if target is not None:
                self.record_error(
                    target, t, t, f"dial tcp {self.address[0]}:{self.address[1]}: {text}"
                )
                self._loop.call_later(0.01, self._reconnect_closed)  # type: ignore[union-attr]
        self._check_finished()

    def _reconnect_closed(self) -> None:
        if not self.stopping and self.open < self.plan.concurrency and self._has_closed_budget():
            self._connect()
        self._check_finished()

    def _has_closed_budget(self) -> bool:
        if self.remaining == 0 or self.stopping:
            return False
        return self.end_ns is None or now_ns() < self.end_ns

    def _refill(self) -> None:
        """Open connections the model needs: open — one per queued request up to the cap."""
        if self.stopping:
            return
        if self.plan.model == "open":
            want = len(self.pending) - (self.open - len(self.busy) - len(self.idle))
            while want > 0 and self.open < self.plan.max_connections:
                self._connect()
                want -= 1
        elif self._has_closed_budget():
            while self.open < self.plan.concurrency:
                self._connect()

    # ------------------------------------------------------------------ the run
    async def run(self, start_ns: int | None = None) -> Samples:
        loop = self._loop = asyncio.get_running_loop()
        self.finished = asyncio.Event()
        plan = self.plan
        cpu0 = time.process_time()
        warmed = self._warmed if self._warmed is not None else await self.prepare()
        self._warmed = []
        self.start_ns = start_ns if start_ns is not None else now_ns()
        delay = (self.start_ns - now_ns()) / 1e9
        if delay > 0:
            await asyncio.sleep(delay)
        wall0 = now_ns()
        if plan.duration_ns is not None:
            self.end_ns = self.start_ns + plan.duration_ns
        helpers = [loop.create_task(self._watch_loop()), loop.create_task(self._sweep_timeouts())]
        helpers.append(loop.create_task(self._pump_rows()))
        try:
            if plan.model == "open":
                self.idle.extend(warmed)
                await self._schedule()
                await self._drain()
            else:
                for conn in warmed:
                    self._next(conn)
                self._refill()
                self._check_finished()
                await self._wait_closed()
        finally:
            self.stopping = True
            self.stats.cpu_s = time.process_time() - cpu0
            self.stats.wall_s = (now_ns() - wall0) / 1e9
            await self._shutdown(helpers)
            self._count_new()
            self.flush()
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

    async def prepare(self) -> list[Connection]:
        """Open the initial pool before the clock starts, so connects don't skew the start."""
        self._loop = asyncio.get_running_loop()
        plan = self.plan
        count = plan.concurrency if plan.model == "closed" else plan.connections
        self._warmed = await self._warm(count)
        return self._warmed

    async def _warm(self, count: int) -> list[Connection]:
        loop = self._loop
        host, port = self.address
        count = max(0, min(count, self.plan.max_connections))

        async def one() -> Connection | None:
            try:
                _, conn = await loop.create_connection(lambda: Connection(self), host, port)  # type: ignore[union-attr]
            except OSError:
                return None
            return conn  # type: ignore[return-value]

        conns = [c for c in await asyncio.gather(*(one() for _ in range(count))) if c]
        self._all.update(conns)
        self.open += len(conns)
        self.stats.connects += len(conns)
        return conns

    async def _schedule(self) -> None:
        """Emit intended send times at `rate`; batch whatever is due on each wake-up.

        The schedule is generated as it goes, and what waits for a connection is bounded
        (`MAX_PENDING`): past that, due requests are counted as dropped in one step instead
        of queued, so a rate the machine cannot send costs counters, not memory; and no
        wake-up handles more than `BATCH` requests, so Ctrl-C and the sockets get a turn."""
        plan = self.plan
        interval = 1e9 / plan.rate
        by_time = None
        if plan.duration_ns is not None:
            by_time = max(0, math.ceil((plan.duration_ns - plan.phase_ns) / interval - 1e-9))
        bounds = [b for b in (plan.requests, by_time) if b is not None]
        total = min(bounds) if bounds else 0
        first = self.start_ns + plan.phase_ns
        lag = self.stats.sched_lag.append
        ntargets = len(self.wire.requests)
        k = 0
        self.scheduling = True
        pending = self.pending
        try:
            while k < total and not self.stopping:
                now = now_ns()
                due = first + int(k * interval)
                room = min(BATCH, MAX_PENDING - len(pending))
                while due <= now and k < total and room > 0:
                    lag(now - due)
                    pending.append((due, (self.next_target + k) % ntargets))
                    k += 1
                    room -= 1
                    due = first + int(k * interval)
                if due <= now and k < total and len(pending) >= MAX_PENDING:
                    overdue = min(total, (now - first) // interval + 1) - k
                    self.stats.dropped += int(overdue)
                    k += int(overdue)
                    due = first + int(k * interval)
                while pending and self.idle:
                    conn = self.idle.pop()
                    intended, target = pending.popleft()
                    self.busy.add(conn)
                    conn.send(target, intended)
                if pending:
                    self._refill()
                if k < total:
                    await asyncio.sleep(max(0.0, (due - now_ns()) / 1e9))
        finally:
            self.scheduling = False

    async def _drain(self) -> None:
        """After the schedule: let queued requests go out for a grace second, then drop."""
        deadline = now_ns() + DRAIN_GRACE_NS
        while self.pending and now_ns() < deadline and not self.stopping:
            await asyncio.sleep(0.005)
        self.stats.dropped += len(self.pending)
        self.pending.clear()
        await self._wait_inflight()

    async def _wait_closed(self) -> None:
        while not self.stopping:
            if not self.busy and not self._has_closed_budget():
                break
            if not self.busy and self.open == 0 and self._has_closed_budget():
                self._refill()
            self.finished.clear()  # type: ignore[union-attr]
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.finished.wait(), 0.05)  # type: ignore[union-attr]
        await self._wait_inflight()

    async def _wait_inflight(self) -> None:
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

    def _check_finished(self) -> None:
        if self.finished is not None:
            self.finished.set()

    def stop(self) -> None:
        """Ctrl-C: stop scheduling and sending; what finished so far is the result."""
        if not self.stopping:
            self.stopping = True
            self.stats.interrupted = True
            self.stats.dropped += len(self.pending)
            self.pending.clear()
            self._check_finished()

    # ------------------------------------------------------------------ helpers
    async def _watch_loop(self) -> None:
        """Event-loop lag: how late a 10 ms ticker wakes up."""
        lag = self.stats.loop_lag.append
        while True:
            before = now_ns()
            await asyncio.sleep(0.01)
            lag(max(0, now_ns() - before - 10_000_000))

    async def _sweep_timeouts(self) -> None:
        timeout = self.plan.timeout_ns
        seconds = timeout / 1e9
        while True:
            await asyncio.sleep(min(0.1, seconds / 4))
            now = now_ns()
            for conn in [c for c in self.busy if now - c.sent > timeout]:
                self.failed(conn, f"timeout (no response within {seconds:g}s)")

    # ------------------------------------------------------------------ rows out
    def flush(self) -> None:
        """Hand the rows finished so far to `on_rows` and start a fresh chunk (which shares
        the error-text table); without `on_rows` every row stays in `samples`."""
        if self.on_rows is None or not len(self.samples):
            return
        chunk = self.samples
        self.samples = Samples()
        self.samples.errors = chunk.errors
        self._record = self._make_recorder()
        self._scanned = 0
        self.on_rows(chunk)

    def _count_new(self) -> None:
        s = self.samples
        n, start = len(s), self._scanned
        status = s.status
        self.done_count += n - start
        self.error_count += sum(1 for k in range(start, n) if not 200 <= status[k] < 400)
        recent = sorted(s.done[k] - s.intended[k] for k in range(max(start, n - 2000), n))
        if recent:
            self._recent_p99_ns = recent[min(len(recent) - 1, int(len(recent) * 0.99))]
        self._scanned = n

    async def _pump_rows(self) -> None:
        """Every quarter second: count what finished, hand the rows on (so the engine holds
        a fraction of a second of them, whatever the duration) and report progress."""
        next_progress = now_ns() + self.progress_every_s * 1e9
        while True:
            await asyncio.sleep(FLUSH_EVERY_S)
            self._count_new()
            self.flush()
            self.stats.fold_lags()
            if self.on_progress is not None and now_ns() >= next_progress:
                next_progress = now_ns() + self.progress_every_s * 1e9
                self.on_progress(
                    {
                        "elapsed_s": (now_ns() - self.start_ns) / 1e9,
                        "done": self.done_count,
                        "errors": self.error_count,
                        "p99_ns": self._recent_p99_ns,
                        "inflight": len(self.busy),
                    }
                )


def _errtext(exc: BaseException, connect: bool = False) -> str:
    """Go-like texts: 'connect: connection refused', 'read: connection reset by peer'."""
    if isinstance(exc, ConnectionRefusedError):
        return "connect: connection refused"
    if isinstance(exc, ConnectionResetError):
        return "read: connection reset by peer"
    if isinstance(exc, TimeoutError):
        return "i/o timeout"
    if isinstance(exc, OSError) and exc.strerror:
        prefix = "connect: " if connect else ""
        return prefix + exc.strerror.lower()
    return str(exc) or type(exc).__name__
