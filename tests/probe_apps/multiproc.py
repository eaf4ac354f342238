"""An instrumented FastAPI app whose /metrics aggregates every worker (prometheus_client's
multiprocess mode, as gunicorn users set it up); for the multi-process probe tests."""

import os
import time

from fastapi import FastAPI, Response
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest
from prometheus_client.multiprocess import MultiProcessCollector

import unjam

app = FastAPI()


@app.get("/work")
async def work():
    time.sleep(0.05)  # BLOCK-WORK
    return {"pid": os.getpid()}


@app.get("/sync")
def sync_work():
    time.sleep(0.01)
    return {"pid": os.getpid()}


@app.get("/metrics")
def metrics():
    registry = CollectorRegistry()
    MultiProcessCollector(registry)
    return Response(generate_latest(registry), media_type=CONTENT_TYPE_LATEST)


app = unjam.instrument(app)
