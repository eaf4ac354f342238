"""The probe's metrics in prometheus_client's multiprocess mode (`PROMETHEUS_MULTIPROC_DIR`).

Under gunicorn or `uvicorn --workers`, a scrape reaches one worker, and the probe's usual
collector (`unjam.probe.prometheus`) would show that worker's fraction of the traffic. The
convention gunicorn users already follow is prometheus_client's multiprocess mode: every
process writes its values to files in `PROMETHEUS_MULTIPROC_DIR`, and the app's /metrics
adds them up with `MultiProcessCollector`. This mirror puts the probe's metrics in those
files, under the same names, from the worker's exporter thread (`unjam.probe.workers`) —
never on the request path.

prometheus_client's metric objects write the files; the mirror sets each value to the
probe's current total (idempotent, so a missed sync loses nothing), reaching the value
objects a metric keeps (`_value`, `_buckets`, `_sum`) because the public API only
increments. Gauges are combined across workers as the doc of each says.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from prometheus_client import Counter, Gauge
from prometheus_client import Histogram as PromHistogram

from unjam.probe.histogram import PROMETHEUS_BOUNDS_MS, Histogram

if TYPE_CHECKING:
    from unjam.probe.core import Probe

_SECONDS = [bound / 1000.0 for bound in PROMETHEUS_BOUNDS_MS]


def _histogram(name: str, doc: str, labels: tuple[str, ...] = ()) -> PromHistogram:
    return PromHistogram(name, doc, labels, buckets=_SECONDS, registry=None)


def _set_histogram(metric: Any, hist: Histogram) -> None:
    """Per-bucket (not cumulative) counts, as the multiprocess files hold them."""
    cumulative = hist.cumulative(PROMETHEUS_BOUNDS_MS)
    previous = 0
    for value, running in zip(metric._buckets, [*cumulative, hist.count], strict=True):
        value.set(float(running - previous))
        previous = running
    metric._sum.set(hist.sum / 1000.0)


class MultiprocessMirror:
    """prometheus_client metrics (multiprocess mode) that follow one worker's probe."""

    def __init__(self) -> None:
        self.stalls = Counter("unjam_loop_stalls", "Event-loop stalls detected.", registry=None)
        self.route_stalls = Counter(
            "unjam_route_stalls", "Event-loop stalls by the route that caused them.", ["route"],
            registry=None,
        )  # fmt: skip
        self.stall_duration = _histogram(
            "unjam_loop_stall_duration_seconds", "Duration of detected event-loop stalls."
        )
        self.lag = _histogram(
            "unjam_loop_lag_seconds", "How late the probe's heartbeat ran on the event loop."
        )
        self.gauges = {
            name: Gauge(name, doc, registry=None, multiprocess_mode=mode)
            for name, doc, mode in (
                ("unjam_threadpool_tokens", "Thread-pool tokens, all live workers.", "livesum"),
                (
                    "unjam_threadpool_borrowed",
                    "Tokens borrowed at the last sample, summed.",
                    "livesum",
                ),
                ("unjam_threadpool_waiting", "Calls waiting for a token, summed.", "livesum"),
                ("unjam_threadpool_max_borrowed", "Most tokens one worker borrowed.", "max"),
                ("unjam_threadpool_max_waiting", "Most calls waiting in one worker.", "max"),
            )
        }
        self.pool_wait = _histogram(
            "unjam_threadpool_wait_seconds", "Time a thread-pool call waited for a token."
        )
        self.requests = Counter(
            "unjam_route_requests", "Requests per route and status.", ["route", "status"],
            registry=None,
        )  # fmt: skip
        self.phases = _histogram(
            "unjam_route_phase_seconds",
            "Per-route request phases (total, before_app, dependencies, endpoint, ...).",
            ("route", "phase"),
        )
        self.errors = Counter(
            "unjam_probe_errors", "Errors caught inside the probe.", registry=None
        )

    def sync(self, probe: Probe) -> None:
        self.stalls._value.set(float(probe.stall_count))
        for route, count in list(getattr(probe, "route_stalls", {}).items()):
            self.route_stalls.labels(route)._value.set(float(count))
        _set_histogram(self.stall_duration, probe.stall_hist)
        _set_histogram(self.lag, probe.loop_lag)
        pool = probe.threadpool
        last = pool.timeline[-1] if pool.timeline else None
        for name, value in (
            ("unjam_threadpool_tokens", pool.total_tokens),
            ("unjam_threadpool_borrowed", last[1] if last else 0),
            ("unjam_threadpool_waiting", last[2] if last else 0),
            ("unjam_threadpool_max_borrowed", pool.max_borrowed),
            ("unjam_threadpool_max_waiting", pool.max_waiting),
        ):
            self.gauges[name].set(float(value))
        _set_histogram(self.pool_wait, pool.wait)
        for route, stats in list(probe.routes.items()):
            for status, count in list(stats.status.items()):
                self.requests.labels(route, str(status))._value.set(float(count))
            for phase, hist in list(stats.phases.items()):
                _set_histogram(self.phases.labels(route, phase), hist)
        self.errors._value.set(float(probe.errors))
