"""Prometheus exposition of the probe, through prometheus_client in its own registry.

A custom collector reads the probe's histograms at scrape time, so the request path never
touches prometheus_client objects (whose locks and label lookups would cost more than the
rest of the probe). The registry is private — not the global default — so instrumenting an
app never collides with metrics the app already exports.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
)
from prometheus_client.registry import Collector

from unjam.probe.histogram import PROMETHEUS_BOUNDS_MS, Histogram

if TYPE_CHECKING:
    from unjam.probe.core import Probe


def _buckets(hist: Histogram) -> tuple[list[tuple[str, float]], float]:
    counts = hist.cumulative(PROMETHEUS_BOUNDS_MS)
    buckets = [
        (repr(bound / 1000.0), float(n))
        for bound, n in zip(PROMETHEUS_BOUNDS_MS, counts, strict=True)
    ]
    buckets.append(("+Inf", float(hist.count)))
    return buckets, hist.sum / 1000.0


class ProbeCollector(Collector):
    def __init__(self, probe: Probe) -> None:
        self.probe = probe

    def collect(self) -> Iterator[Any]:
        probe = self.probe
        refresh = getattr(probe, "refresh", None)  # a worker fleet's merged view re-reads
        if refresh is not None:
            refresh()
        stalls = CounterMetricFamily("unjam_loop_stalls", "Event-loop stalls detected.")
        stalls.add_metric([], float(probe.stall_count))
        yield stalls
        by_route = CounterMetricFamily(
            "unjam_route_stalls",
            "Event-loop stalls by the route that caused them.",
            labels=["route"],
        )
        for route, count in sorted(getattr(probe, "route_stalls", {}).items()):
            by_route.add_metric([route], float(count))
        yield by_route
        stall_hist = HistogramMetricFamily(
            "unjam_loop_stall_duration_seconds", "Duration of detected event-loop stalls."
        )
        buckets, total = _buckets(probe.stall_hist)
        stall_hist.add_metric([], buckets, total)
        yield stall_hist
        lag = HistogramMetricFamily(
            "unjam_loop_lag_seconds", "How late the probe's heartbeat ran on the event loop."
        )
        buckets, total = _buckets(probe.loop_lag)
        lag.add_metric([], buckets, total)
        yield lag

        pool = probe.threadpool
        last = pool.timeline[-1] if pool.timeline else None
        for name, doc, value in (
            (
                "unjam_threadpool_tokens",
                "Tokens of anyio's default thread limiter.",
                pool.total_tokens,
            ),
            (
                "unjam_threadpool_borrowed",
                "Tokens borrowed at the last sample.",
                last[1] if last else 0,
            ),
            (
                "unjam_threadpool_waiting",
                "Calls waiting for a token at the last sample.",
                last[2] if last else 0,
            ),
            ("unjam_threadpool_max_borrowed", "Most tokens borrowed at once.", pool.max_borrowed),
            (
                "unjam_threadpool_max_waiting",
                "Most calls waiting for a token at once.",
                pool.max_waiting,
            ),
        ):
            gauge = GaugeMetricFamily(name, doc)
            gauge.add_metric([], float(value))
            yield gauge
        wait = HistogramMetricFamily(
            "unjam_threadpool_wait_seconds", "Time a thread-pool call waited for a token."
        )
        buckets, total = _buckets(pool.wait)
        wait.add_metric([], buckets, total)
        yield wait

        requests = CounterMetricFamily(
            "unjam_route_requests", "Requests per route and status.", labels=["route", "status"]
        )
        phases = HistogramMetricFamily(
            "unjam_route_phase_seconds",
            "Per-route request phases (total, before_app, dependencies, endpoint, ...).",
            labels=["route", "phase"],
        )
        for route, stats in sorted(list(probe.routes.items())):
            for status, count in sorted(list(stats.status.items())):
                requests.add_metric([route, str(status)], float(count))
            for phase, hist in sorted(list(stats.phases.items())):
                buckets, total = _buckets(hist)
                phases.add_metric([route, phase], buckets, total)
        yield requests
        yield phases
        errors = CounterMetricFamily("unjam_probe_errors", "Errors caught inside the probe.")
        errors.add_metric([], float(probe.errors))
        yield errors


def make_registry(probe: Probe) -> CollectorRegistry:
    registry = CollectorRegistry(auto_describe=False)
    registry.register(ProbeCollector(probe))
    return registry


def exposition(probe: Probe) -> bytes:
    """The Prometheus text format of the probe's current state."""
    return generate_latest(make_registry(probe))
