"""A Celery app made in a route opens its own broker connections on each request; the
module's one app does not."""

from celery import Celery
from fastapi import FastAPI

app = FastAPI()
tasks = Celery("tasks", broker="redis://broker:6379/0")  # ok: made once, at import


@app.get("/workers")
async def workers():
    probe = Celery(broker="redis://broker:6379/0")  # expect: UJ003
    return {"app": probe.main}


@app.get("/tasks")
async def registered():
    return sorted(tasks.tasks.keys())
