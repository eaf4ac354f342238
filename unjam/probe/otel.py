"""OpenTelemetry metrics for the probe — the optional extra (`pip install unjam[otel]`).

Observable instruments read the probe's state at each collection, like the Prometheus
collector, so nothing is recorded per request on the OpenTelemetry side. Import-guarded:
without the SDK installed, `register_metrics` raises a one-line `ImportError` naming the extra.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from unjam.probe.core import Probe


def register_metrics(probe: Probe | None = None, meter_provider: Any = None) -> Any:
    """Create the probe's observable instruments on `meter_provider` (default: global)."""
    try:
        from opentelemetry import metrics
        from opentelemetry.metrics import CallbackOptions, Observation
    except ImportError as err:
        raise ImportError(
            "OpenTelemetry export needs the optional extra: pip install 'unjam[otel]'"
        ) from err
    if probe is None:
        from unjam.probe.core import get_probe

        probe = get_probe()
    provider = meter_provider or metrics.get_meter_provider()
    meter = provider.get_meter("unjam.probe")

    def stalls(_: CallbackOptions) -> Iterable[Observation]:
        yield Observation(probe.stall_count)

    def lag_p99(_: CallbackOptions) -> Iterable[Observation]:
        yield Observation(probe.loop_lag.percentile(99))

    def pool(_: CallbackOptions) -> Iterable[Observation]:
        tp = probe.threadpool
        last = tp.timeline[-1] if tp.timeline else None
        yield Observation(tp.total_tokens, {"state": "total"})
        yield Observation(last[1] if last else 0, {"state": "borrowed"})
        yield Observation(last[2] if last else 0, {"state": "waiting"})

    def pool_wait_p99(_: CallbackOptions) -> Iterable[Observation]:
        yield Observation(probe.threadpool.wait.percentile(99))

    def requests(_: CallbackOptions) -> Iterable[Observation]:
        for route, stats in list(probe.routes.items()):
            yield Observation(stats.requests, {"http.route": route})

    def phases(_: CallbackOptions) -> Iterable[Observation]:
        for route, stats in list(probe.routes.items()):
            for phase, hist in list(stats.phases.items()):
                yield Observation(hist.percentile(99), {"http.route": route, "phase": phase})

    meter.create_observable_counter("unjam.loop.stalls", [stalls], unit="1")
    meter.create_observable_gauge("unjam.loop.lag.p99", [lag_p99], unit="ms")
    meter.create_observable_gauge("unjam.threadpool.tokens", [pool], unit="1")
    meter.create_observable_gauge("unjam.threadpool.wait.p99", [pool_wait_p99], unit="ms")
    meter.create_observable_counter("unjam.route.requests", [requests], unit="1")
    meter.create_observable_gauge("unjam.route.phase.p99", [phases], unit="ms")
    return meter
