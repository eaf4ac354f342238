"""Each worker process of a multi-process server publishes its probe's state to a directory.

With several workers (`unjam serve --workers N`, gunicorn, `uvicorn --workers`), each process
has its own probe, and the numbers a user wants are the sum of all of them. A worker's
memory dies with it, so every worker writes its raw state — histogram bucket counts, not
percentiles, so that the merge (`unjam.probe.fleet`) is exact — to a file of its own in a
shared directory: `worker-<pid>.json`, replaced atomically. A worker that dies keeps its
file, so what it had written survives it, and a restarted worker writes a new one.

The writer is one daemon thread: it writes every `WRITE_INTERVAL_S`, at once when a stall
is recorded (a stall is the finding that must not be lost), and at shutdown. The same thread
mirrors the probe into prometheus_client's multiprocess files when `PROMETHEUS_MULTIPROC_DIR`
is set (`unjam.probe.prometheus_multiproc`).

`unjam serve --workers` resets all workers together through a generation number in the
directory's `reset` file: a worker that sees a newer generation resets its probe.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import threading
import time
from array import array
from typing import TYPE_CHECKING, Any

from unjam.probe.histogram import Histogram

if TYPE_CHECKING:
    from unjam.probe.core import Probe

DIR_ENV = "UNJAM_PROBE_WORKERS_DIR"
PROMETHEUS_ENV = "PROMETHEUS_MULTIPROC_DIR"
WRITE_INTERVAL_S = 0.5
POLL_INTERVAL_S = 0.1
FILE_PREFIX = "worker-"
RESET_FILE = "reset"


def hist_to_raw(hist: Histogram) -> dict[str, Any]:
    """Bucket counts from the first to the last non-empty bucket, count, sum and max.

    The zero runs are found on the counts' bytes (C speed): a worker writes every
    histogram of every route twice a second, on a thread that shares the GIL with the loop.
    """
    counts = list(hist.counts)
    raw = array("q", counts).tobytes()
    start = (len(raw) - len(raw.lstrip(b"\0"))) // 8
    end = (len(raw.rstrip(b"\0")) + 7) // 8
    return {
        "offset": start,
        "counts": counts[start:end],
        "count": int(hist.count),
        "sum": float(hist.sum),
        "max": float(hist.max),
    }


def hist_from_raw(raw: dict[str, Any]) -> Histogram:
    hist = Histogram()
    offset = int(raw.get("offset", 0))
    for index, n in enumerate(raw.get("counts", ()), start=offset):
        hist.counts[index] += int(n)
    hist.count = int(raw.get("count", 0))
    hist.sum = float(raw.get("sum", 0.0))
    hist.max = float(raw.get("max", 0.0))
    return hist


def read_generation(directory: str) -> int:
    try:
        with open(os.path.join(directory, RESET_FILE), encoding="utf-8") as handle:
            return int(handle.read().strip() or 0)
    except (OSError, ValueError):
        return 0


def raw_state(probe: Probe, generation: int) -> dict[str, Any]:
    """Everything the merged view needs from one worker, as JSON-ready values."""
    pid = os.getpid()
    pool = probe.threadpool
    last = pool.timeline[-1] if pool.timeline else None
    routes = {}
    for key, stats in list(probe.routes.items()):
        routes[key] = {
            "status": {str(code): n for code, n in list(stats.status.items())},
            "phases": {name: hist_to_raw(h) for name, h in list(stats.phases.items())},
            "tp_wait": hist_to_raw(stats.tp_wait),
            "tp_run": hist_to_raw(stats.tp_run),
        }
    return {
        "pid": pid,
        "generation": generation,
        "written_at": time.time(),
        "started_at": probe.started_at,
        "loop": probe.loop_kind,
        "threshold_ms": float(probe.settings.threshold_ms),
        "phase_sample_ms": float(probe.settings.phase_sample_ms),
        "phases": bool(probe.phases_enabled),
        "errors": int(probe.errors),
        "warnings": list(probe.warnings),
        "stall_count": int(probe.stall_count),
        "stall_hist": hist_to_raw(probe.stall_hist),
        "route_stalls": dict(getattr(probe, "route_stalls", {})),
        "stalls": [dict(stall, pid=pid) for stall in list(probe.stalls)],
        "loop_lag": hist_to_raw(probe.loop_lag),
        "threadpool": {
            "total_tokens": int(pool.total_tokens),
            "max_borrowed": int(pool.max_borrowed),
            "max_waiting": int(pool.max_waiting),
            "borrowed": int(last[1]) if last else 0,
            "waiting": int(last[2]) if last else 0,
            "wait": hist_to_raw(pool.wait),
            "run": hist_to_raw(pool.run),
        },
        "routes": routes,
    }


class WorkerExporter(threading.Thread):
    """Publishes one worker's probe: a state file, prometheus_client multiprocess values."""

    def __init__(self, probe: Probe, directory: str | None, prometheus: bool) -> None:
        super().__init__(name="unjam-probe-exporter", daemon=True)
        self.probe = probe
        self.directory = directory
        self.generation = read_generation(directory) if directory else 0
        self.wake = threading.Event()
        self.writing = threading.Lock()  # the thread and the exit handler both publish
        self.mirror: Any = None
        if prometheus:
            from unjam.probe.prometheus_multiproc import MultiprocessMirror

            self.mirror = MultiprocessMirror()

    def on_stall(self, _record: dict[str, Any]) -> None:
        self.wake.set()

    def run(self) -> None:
        next_write = 0.0
        while True:
            self.wake.wait(POLL_INTERVAL_S)
            now = time.monotonic()
            if self.wake.is_set() or now >= next_write or self._reset_requested():
                self.wake.clear()
                self.publish()
                next_write = now + WRITE_INTERVAL_S

    def _reset_requested(self) -> bool:
        if not self.directory:
            return False
        generation = read_generation(self.directory)
        if generation <= self.generation:
            return False
        self.probe.reset()
        self.generation = generation
        return True

    def publish(self) -> None:
        """Write the state file and sync the Prometheus mirror; never raises."""
        with self.writing:
            self._publish()

    def _publish(self) -> None:
        probe = self.probe
        if self.directory:
            try:
                self._write(raw_state(probe, self.generation))
            except Exception as exc:
                probe.count_error("writing the worker state", exc)
        if self.mirror is not None:
            try:
                self.mirror.sync(probe)
            except Exception as exc:
                probe.count_error("prometheus multiprocess sync", exc)

    def _write(self, state: dict[str, Any]) -> None:
        assert self.directory is not None
        target = os.path.join(self.directory, f"{FILE_PREFIX}{state['pid']}.json")
        tmp = f"{target}.tmp"
        with open(tmp, "w", encoding="utf-8") as handle:
            json.dump(state, handle)
        os.replace(tmp, target)

    def stop(self) -> None:
        """The last write: at lifespan shutdown (`Probe.shutdown`), else at exit — uvicorn's
        workers end by re-raising SIGTERM, so exit handlers do not run there. The thread
        goes on (a daemon): an app served again, as test clients do, is published again."""
        self.publish()


def count_route_stalls(probe: Probe) -> None:
    """Keep `probe.route_stalls` (route → stalls, never reset: a Prometheus counter) up to
    date. The probe keeps the last stalls only; a dashboard needs every stall by route."""
    counts: dict[str, int] = {}
    for stall in list(probe.stalls):  # any before the listener came
        route = stall.get("route") or "(no route)"
        counts[route] = counts.get(route, 0) + 1
    probe.route_stalls = counts  # type: ignore[attr-defined]

    def listener(record: dict[str, Any]) -> None:
        route = record.get("route") or "(no route)"
        counts[route] = counts.get(route, 0) + 1

    probe.stall_listeners.append(listener)


def start_exporter(probe: Probe) -> WorkerExporter | None:
    """Count stalls by route; start publishing when a workers directory or a Prometheus
    multiprocess directory is set (None otherwise: a single process needs neither)."""
    if not hasattr(probe, "route_stalls"):
        count_route_stalls(probe)
    directory = os.environ.get(DIR_ENV) or None
    prometheus = bool(os.environ.get(PROMETHEUS_ENV))
    if directory is None and not prometheus:
        return None
    if directory is not None:
        with contextlib.suppress(OSError):
            os.makedirs(directory, exist_ok=True)
    try:
        exporter = WorkerExporter(probe, directory, prometheus)
        exporter.start()
    except Exception as exc:  # never keep the app from serving
        probe.count_error("starting the worker exporter", exc)
        return None
    probe.stall_listeners.append(exporter.on_stall)
    atexit.register(exporter.stop)
    return exporter
