"""The probe: one per process, holding every measurement and the threads that take them.

One object because every way in (middleware, `unjam serve`, the pytest plugin) and every
way out (JSON, Prometheus, OpenTelemetry, the diagnostics endpoint) must see the same
numbers. The hot path (one request) only touches `counting` (see the middleware),
`count_response` or `finish_request`; stall analysis runs on
the watchdog thread (`attribution.py` describes a stall, `add_stall` keeps it); what the
app's routes and callables are called is read by `routes.RouteIndex`; exports read copies. Anything that goes wrong inside the probe is
counted in `errors` and never reaches the application. How the probe behaves is
`settings.ProbeSettings`; attaching it to a loop and starting its threads is `attach.py`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from unjam.probe.histogram import Histogram
from unjam.probe.routes import MAX_CACHED_KEYS, RouteIndex
from unjam.probe.settings import ProbeSettings
from unjam.probe.state import SCOPE_KEY, PoolRecord, RequestState, RouteStats, ThreadPoolStats

log = logging.getLogger("unjam.probe")

SNAPSHOT_VERSION = 1
MAX_STALLS = 200
MAX_WARNINGS = 50
TIMELINE_LEN = 3000  # 5 minutes at 10 Hz


def _copy(record: dict[str, Any] | None) -> dict[str, Any] | None:
    return dict(record) if record is not None else None


class Probe:
    def __init__(self, settings: ProbeSettings | None = None) -> None:
        self.settings = settings or ProbeSettings.from_env()
        self.started_at = time.time()
        self.errors = 0
        self.warnings: list[str] = []
        self.loop: asyncio.AbstractEventLoop | None = None
        self.loop_kind = "asyncio"
        self.loop_thread_id: int | None = None
        self.limiter: Any = None
        self.phases_enabled = False
        # Phase sampling: the next request to start once `sample_due` is raised is timed in
        # full. `raise_sample_due` raises it at this perf_counter() time; see the middleware.
        self.next_sample_at = float("-inf")
        self.sample_due = True
        self.route_index = RouteIndex()  # the served apps: route keys, the code map
        self.stall_listeners: list[Callable[[dict[str, Any]], None]] = []
        # Set by the watchdog while the loop is blocked past the threshold (see
        # `attribution.in_progress` for its shape), None otherwise; replaced, never mutated.
        self.stall_in_progress: dict[str, Any] | None = None
        self.attach_lock = threading.Lock()  # held while attaching to a loop (attach.py)
        self.heartbeat: Any = None
        self.watchdog: Any = None
        self.deadline: Any = None  # heartbeat.Deadline: the beat pushes it back, see there
        self.diagnostics: Any = None
        self._reset_measurements()

    # -- measurements -----------------------------------------------------------------------

    def raise_sample_due(self) -> None:
        """Let the next request to start be timed in full once `next_sample_at` has come
        (called by the heartbeat on every beat, and by the watchdog for a loop without
        beats), so the untimed path reads one attribute instead of the clock."""
        if not self.sample_due and time.perf_counter() >= self.next_sample_at:
            self.sample_due = True

    def _reset_measurements(self) -> None:
        self.routes: dict[str, RouteStats] = {}
        # (method, id(matched entry)) → the status counts of its route's stats: the
        # middleware's shortcut for counting requests that are not sampled. The entry is
        # `route_table.matched_route`, kept alive by the route index while keyed here.
        self.counting: dict[tuple[str, int], dict[int, int]] = {}
        self.stalls: deque[dict[str, Any]] = deque(maxlen=MAX_STALLS)
        self.loop_lag = Histogram()
        total = self.threadpool.total_tokens if hasattr(self, "threadpool") else 0
        self.threadpool = ThreadPoolStats(TIMELINE_LEN)
        self.threadpool.total_tokens = total
        self.stall_count = 0
        self.stall_hist = Histogram()

    def reset(self) -> None:
        """Forget stalls, histograms and thread-pool maxima (not errors or warnings)."""
        self._reset_measurements()

    def count_error(self, where: str, exc: BaseException | None = None) -> None:
        self.errors += 1
        if self.errors <= 5:
            log.debug("unjam probe error in %s: %r", where, exc)
            self.warn(f"probe error in {where}: {type(exc).__name__ if exc else 'error'}: {exc}")

    def warn(self, message: str, key: str | None = None) -> None:
        """Add a warning once; with `key`, replace the earlier warning starting with it."""
        if message in self.warnings:
            return
        if key is not None:
            for index, existing in enumerate(self.warnings):
                if existing.startswith(key):
                    self.warnings[index] = message
                    return
        if len(self.warnings) >= MAX_WARNINGS:
            return
        self.warnings.append(message)
        log.warning("unjam: %s", message)

    # -- attach to a loop (attach.py) ----------------------------------------------------------

    def ensure_attached(self) -> None:
        """Start the heartbeat on the running loop and the watchdog thread (idempotent)."""
        loop = asyncio.get_running_loop()
        if loop is self.loop and self.heartbeat is not None and self.heartbeat.alive:
            return
        from unjam.probe.attach import attach

        attach(self, loop)

    # -- hot path ------------------------------------------------------------------------------

    def _route_stats(self, scope: dict[str, Any]) -> tuple[str, RouteStats] | None:
        """The key and stats of the route a request matched (None before routing, or when
        none matched: 404s, mounts of non-Starlette apps); teaches `counting` the route."""
        found = self.route_index.lookup(scope)
        if found is None:
            return None
        matched, key = found
        stats = self.routes.get(key)
        if stats is None:
            stats = self.routes.setdefault(key, RouteStats())
        counting = self.counting
        if matched is not None and len(counting) < MAX_CACHED_KEYS:
            counting[(scope["method"], id(matched))] = stats.status
        return key, stats

    def count_response(self, scope: dict[str, Any], status: int) -> None:
        """Count an untimed request under its route and status as its response starts.

        The middleware inlines the common case (the route seen before, no thread-pool
        call yet) through `counting`; this is the rest: a route's first request, a request
        that matched no route (not counted), and one whose thread-pool calls so far are to
        be folded in (see `PoolRecord`).
        """
        found = self._route_stats(scope)
        if found is None:
            return
        codes = found[1].status
        codes[status] = codes.get(status, 0) + 1
        record = scope.get(SCOPE_KEY)
        if isinstance(record, PoolRecord):
            self.fold_threadpool(record, scope)

    def fold_threadpool(self, record: PoolRecord, scope: dict[str, Any]) -> None:
        """An untimed request's thread-pool time so far, as one value in its route's
        histograms: recorded once the route is known, replaced as later calls add to it."""
        wait_ms = record.tp_wait * 1000.0
        run_ms = record.tp_run * 1000.0
        stats = record.stats
        if stats is None:
            found = self._route_stats(scope)
            if found is None:
                return  # not routed yet: folded when the response starts
            stats = record.stats = found[1]
            stats.tp_wait.record(wait_ms)
            stats.tp_run.record(run_ms)
        else:
            stats.tp_wait.replace(record.wait_ms, wait_ms)
            stats.tp_run.replace(record.run_ms, run_ms)
        record.wait_ms = wait_ms
        record.run_ms = run_ms

    def finish_request(self, state: RequestState, end: float) -> None:
        """Fold one finished request timed for its phases into its route's stats.

        Its status, its thread-pool time and its phases, `total` included: the phase
        histograms take the sampled requests only (see the middleware), so all phases of a
        route describe the same requests. The other requests are counted as their response
        starts (`count_response`, inlined in the middleware) and their thread-pool time is
        folded in as it is measured (`fold_threadpool`).
        """
        found = self._route_stats(state.scope)
        if found is None:
            return  # no route matched (404s, mounts of non-Starlette apps)
        state.route_key, stats = found
        status = stats.status
        code = state.status
        status[code] = status.get(code, 0) + 1
        if state.tp_wait >= 0.0:
            stats.tp_wait.record(state.tp_wait * 1000.0)
            stats.tp_run.record(state.tp_run * 1000.0)
        if state.sampled:
            stats.total.record((end - state.start) * 1000.0)
            self._record_phases(state, stats, end)

    def _record_phases(self, state: RequestState, stats: RouteStats, end: float) -> None:
        received = state.scope.get("unjam.received_at")
        if received is not None:
            stats.phase("before_app").record(max(0.0, state.start - received) * 1000.0)
        if state.deps_time >= 0.0:
            stats.phase("dependencies").record(state.deps_time * 1000.0)
            if state.ep_end:
                stats.phase("endpoint").record(state.ep_time * 1000.0)
                if state.response_start > state.ep_end:
                    serialization = (state.response_start - state.ep_end) * 1000.0
                    stats.phase("serialization").record(serialization)
            elif state.response_start:
                # Streaming/generator endpoints: no run_endpoint_function; up to the start.
                endpoint = max(0.0, state.response_start - state.deps_end) * 1000.0
                stats.phase("endpoint").record(endpoint)
        if state.dep_pending is not None:
            name, since = state.dep_pending
            state.add_phase(name, end - since)
        if state.extra:
            for name, seconds in state.extra.items():
                stats.phase(name).record(seconds * 1000.0)
        if state.tp_wait >= 0.0:
            stats.phase("threadpool_wait").record(state.tp_wait * 1000.0)

    # -- stalls (called on the watchdog thread) ----------------------------------------------------

    def add_stall(self, record: dict[str, Any]) -> None:
        """Keep a finished stall (described by `attribution.describe_stall`), say it on the
        terminal and tell the listeners (the pytest plugin)."""
        duration_ms = float(record["duration_ms"])
        self.stalls.append(record)
        self.stall_count += 1
        self.stall_hist.record(duration_ms)
        where = record["blocking_frame"]
        log.warning(
            "unjam: event loop stalled %.0f ms in %s — %s:%s in %s",
            duration_ms,
            record.get("route") or _outside_requests(record),
            where["path"],
            where["line"],
            where["function"],
        )
        for listener in list(self.stall_listeners):
            try:
                listener(record)
            except Exception as exc:
                self.count_error("stall listener", exc)

    def report_in_progress(self, current: dict[str, Any]) -> None:
        """Say on the terminal that the loop is still blocked (every few seconds while it is)."""
        where = current["frame"]
        log.warning(
            "unjam: event loop blocked for %.1f s so far (still blocked) in %s — %s:%s in %s",
            current["duration_s"],
            current.get("route") or "(no route)",
            where["path"],
            where["line"],
            where["function"],
        )

    # -- exports -------------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        routes = {key: stats.to_json() for key, stats in sorted(list(self.routes.items()))}
        return {
            "version": SNAPSHOT_VERSION,
            "stalls": [dict(stall) for stall in list(self.stalls)],
            "stall_in_progress": _copy(self.stall_in_progress),
            "threadpool": self.threadpool.to_json(),
            "routes": routes,
            "loop_lag_ms": self.loop_lag.summary(),
            "probe": {
                "errors": int(self.errors),
                "warnings": list(self.warnings),
                "loop": self.loop_kind,
                "phases": bool(self.phases_enabled),
                "phase_sample_ms": float(self.settings.phase_sample_ms),
                "threshold_ms": float(self.settings.threshold_ms),
                "started_at": self.started_at,
            },
        }

    def write_json(self, path: str | None = None) -> str | None:
        """Write the snapshot atomically to `path` (or the configured one); return the path."""
        target = path or self.settings.json_path
        if not target:
            return None
        try:
            data = json.dumps(self.snapshot(), indent=2)
            tmp = f"{target}.{os.getpid()}.tmp"
            with open(tmp, "w", encoding="utf-8") as handle:
                handle.write(data)
            os.replace(tmp, target)
            return target
        except Exception as exc:
            self.count_error("writing the JSON snapshot", exc)
            print(f"unjam: could not write probe snapshot to {target}: {exc}", file=sys.stderr)
            return None

    def shutdown(self) -> None:
        """Write the JSON snapshot (if configured); the threads are daemons and just stop."""
        self.write_json()
        if getattr(self, "exporter", None):  # a worker's last state (probe/workers.py)
            self.exporter.stop()


def _outside_requests(record: dict[str, Any]) -> str:
    task = record.get("task")
    return f"task {task} (no request)" if task else "(no route)"


_PROBE: Probe | None = None
_PROBE_LOCK = threading.Lock()


def get_probe() -> Probe:
    """The process-wide probe, created from the environment on first use."""
    global _PROBE
    if _PROBE is None:
        with _PROBE_LOCK:
            if _PROBE is None:
                _PROBE = Probe()
                import atexit

                atexit.register(_PROBE.shutdown)
    return _PROBE


def configure(**settings: Any) -> Probe:
    """Adjust the process-wide probe's settings (used by `unjam serve` and the pytest plugin)."""
    probe = get_probe()
    for name, value in settings.items():
        if value is not None:
            setattr(probe.settings, name, value)
    return probe
