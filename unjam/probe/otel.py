"""OpenTelemetry metrics for the probe — the optional extra (`pip install unjam[otel]`).

Observable instruments read the probe's state at each collection, like the Prometheus
collector, so nothing is recorded per request on the OpenTelemetry side. Import-guarded:
without the SDK installed, `register_metrics` raises a one-line `ImportError` naming the extra.

For fleets (replicas, worker processes), who sent a metric belongs in the *resource* — the
OpenTelemetry convention collectors aggregate on: `fleet_resource` gives `service.name`,
`service.instance.id` (unique per process) and `process.pid`, and `fleet_meter_provider`
builds an SDK provider carrying it, so a collector can sum the replicas of one service.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from unjam.probe.core import Probe


def fleet_resource(service_name: str | None = None) -> Any:
    """The SDK `Resource` of this process: service.name (the argument, else OTEL_SERVICE_NAME
    or OTEL_RESOURCE_ATTRIBUTES as the SDK reads them), service.instance.id, process.pid."""
    import os
    import socket
    import uuid

    try:
        from opentelemetry.sdk.resources import Resource
    except ImportError as err:
        raise ImportError(
            "OpenTelemetry export needs the optional extra: pip install 'unjam[otel]'"
        ) from err
    attributes: dict[str, Any] = {
        # host, pid and a random part: unique even when a pid is reused in another container
        "service.instance.id": f"{socket.gethostname()}-{os.getpid()}-{uuid.uuid4().hex[:8]}",
        "process.pid": os.getpid(),
    }
    if service_name:
        attributes["service.name"] = service_name
    return Resource.create(attributes)


def fleet_meter_provider(readers: list[Any], service_name: str | None = None) -> Any:
    """An SDK `MeterProvider` with `fleet_resource`, reading through `readers`."""
    from opentelemetry.sdk.metrics import MeterProvider

    return MeterProvider(metric_readers=readers, resource=fleet_resource(service_name))


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
