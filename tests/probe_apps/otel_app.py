"""An instrumented app exporting the probe through OpenTelemetry with a fleet resource; its
/_otel route returns what the SDK's in-memory reader collected in this worker."""

import os

from fastapi import FastAPI
from opentelemetry.sdk.metrics.export import InMemoryMetricReader

import unjam
from unjam.probe.otel import fleet_meter_provider, register_metrics

reader = InMemoryMetricReader()
register_metrics(meter_provider=fleet_meter_provider([reader], service_name="checkout"))
app = FastAPI()


@app.get("/hello")
async def hello():
    return {"pid": os.getpid()}


@app.get("/_otel")
async def otel_dump():
    data = reader.get_metrics_data()
    out = {"pid": os.getpid(), "resources": []}
    for resource_metrics in data.resource_metrics:
        points = [
            {"name": metric.name, "attributes": dict(point.attributes), "value": point.value}
            for scope in resource_metrics.scope_metrics
            for metric in scope.metrics
            for point in metric.data.data_points
            if hasattr(point, "value")
        ]
        out["resources"].append(
            {"attributes": dict(resource_metrics.resource.attributes), "points": points}
        )
    return out


app = unjam.instrument(app)
