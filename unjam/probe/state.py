"""Per-request and per-route records the hot path writes, and the context variable linking them.

Only requests timed for their phases get a `RequestState` from the middleware (published
under the scope key and in the context variable); for the others the thread-pool wrapper
keeps a `PoolRecord` under the scope key, only if the request uses the pool (see
`pool_meter._request_record`).

Everything here is written on the event-loop thread (the middleware and the FastAPI wrappers
run there) and read from the watchdog or diagnostics threads, so records are plain objects
with `__slots__`, counters are ints, and readers copy before iterating. A reset swaps whole
objects instead of mutating them, so a reader never sees half a reset.
"""

from __future__ import annotations

from contextvars import ContextVar
from types import CodeType
from typing import Any

from unjam.probe.histogram import Histogram

SCOPE_KEY = "unjam.request"
CURRENT_REQUEST: ContextVar[RequestState | None] = ContextVar("unjam_request", default=None)
# Code of the middleware's timed path, whose frame holds a timed request's `state` local:
# registered by the middleware, read by the watchdog (so neither imports the other).
TIMED_CODES: set[CodeType] = set()


class RequestState:
    """One in-flight HTTP request, as the probe sees it (timestamps are perf_counter()).

    Defaults live on the class so creating one sets two attributes, not fourteen.
    """

    status = 0
    sampled = False  # full phase timing for this request (one every `phase_sample_ms`)
    phase: str | None = None
    route_key: str | None = None
    deps_time = -1.0  # seconds in solve_dependencies; -1 = not a FastAPI route
    deps_end = 0.0
    ep_end = 0.0  # when run_endpoint_function returned
    ep_time = 0.0
    response_start = 0.0
    tp_wait = -1.0  # seconds; -1 = no thread-pool call in this request
    tp_run = 0.0
    dep_pending: tuple[str, float] | None = None
    extra: dict[str, float] | None = None  # "dep:<qualname>" → seconds

    def __init__(self, scope: dict[str, Any], start: float) -> None:
        self.scope = scope
        self.start = start

    def add_phase(self, name: str, seconds: float) -> None:
        extra = self.extra
        if extra is None:
            extra = self.extra = {}
        extra[name] = extra.get(name, 0.0) + seconds


class PoolRecord:
    """The thread-pool time of one request not timed for its phases, summed over its calls.

    Made by the thread-pool wrapper on the request's first call and kept under the scope
    key. The untimed path of the middleware has no end of the request to fold it in at (it
    returns the app's own awaitable), so the record is folded as it grows: its sums go into
    the route's histograms as soon as the route is known (at the latest when the response
    starts), and each later call replaces the values recorded before (`Histogram.replace`)
    — calls after the response (background tasks, file I/O, dependency teardown) included.
    It holds no reference to the scope, so scope and record are freed by refcount.
    """

    __slots__ = ("run_ms", "stats", "tp_run", "tp_wait", "wait_ms")

    def __init__(self) -> None:
        self.tp_wait = 0.0  # seconds, summed over the request's calls
        self.tp_run = 0.0
        self.stats: RouteStats | None = None  # the route it was folded into, once known
        self.wait_ms = 0.0  # the values recorded in stats, replaced as the sums grow
        self.run_ms = 0.0


class RouteStats:
    """Counters and histograms of one "METHOD /template" key."""

    __slots__ = ("phases", "status", "total", "tp_run", "tp_wait")

    def __init__(self) -> None:
        # Requests per status code: the one counter a request bumps (the probe's untimed
        # path holds this dict, see `Probe.counting`); `requests` is their sum.
        self.status: dict[int, int] = {}
        self.total = Histogram()
        # Only phases that were measured appear (a Starlette route has no "dependencies").
        self.phases: dict[str, Histogram] = {"total": self.total}
        self.tp_wait = Histogram()
        self.tp_run = Histogram()

    @property
    def requests(self) -> int:
        return sum(list(self.status.values()))  # a copy: the loop thread may add a status

    def phase(self, name: str) -> Histogram:
        hist = self.phases.get(name)
        if hist is None:
            hist = self.phases[name] = Histogram()
        return hist

    def to_json(self) -> dict[str, Any]:
        return {
            "requests": self.requests,
            "phases_ms": {
                name: hist.summary(with_max=False) for name, hist in list(self.phases.items())
            },
            "threadpool_wait_ms": self.tp_wait.summary(),
            "threadpool_run_ms": self.tp_run.summary(),
            "status": {str(code): n for code, n in sorted(list(self.status.items()))},
        }


class ThreadPoolStats:
    """anyio's default limiter as sampled, and every call's token wait and run time."""

    __slots__ = ("max_borrowed", "max_waiting", "run", "timeline", "total_tokens", "wait")

    def __init__(self, timeline_len: int) -> None:
        from collections import deque

        self.total_tokens = 0
        self.max_borrowed = 0
        self.max_waiting = 0
        self.wait = Histogram()
        self.run = Histogram()
        self.timeline: deque[list[float]] = deque(maxlen=timeline_len)

    def ceiling_rps(self) -> float | None:
        mean_run_ms = self.run.mean()
        if not self.total_tokens or mean_run_ms <= 0:
            return None
        return round(self.total_tokens / (mean_run_ms / 1000.0), 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "total_tokens": int(self.total_tokens),
            "max_borrowed": int(self.max_borrowed),
            "max_waiting": int(self.max_waiting),
            "wait_ms": self.wait.summary(),
            "timeline": [list(point) for point in list(self.timeline)],
            "ceiling_rps": self.ceiling_rps(),
        }
