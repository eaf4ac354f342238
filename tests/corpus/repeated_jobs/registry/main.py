from contextlib import asynccontextmanager

import redis
from fastapi import FastAPI

from registry.jobs import Job, Tracker
from registry.repeat import every, logged

names = redis.Redis(host="cache")


async def refresh() -> None:
    return None


@every(seconds=300)
async def refresh_names() -> None:
    Tracker().start(refresh, name="names")
    names.expire("names", 600)  # expect: UJ001 (in the task, while the app serves)


@logged
async def warm_names() -> None:
    names.get("names")  # expect: UJ002 (run in place by the lifespan)


@asynccontextmanager
async def lifespan(app: FastAPI):
    await refresh_names()
    await warm_names()
    yield


app = FastAPI(lifespan=lifespan)


@app.post("/exports/{key}")
async def export_report(key: str):
    Job(refresh, name="export", lock=key)
    return {"started": key}


@app.post("/names/refresh")
async def refresh_now():
    Tracker().start(refresh, name="names")  # (no lock: `_claim` writes nothing)
    return {}
