"""Services run on their own (`uvicorn svc.workers:search_app`) whose lifespans branch: what
runs after a `yield` is shutdown only on that `yield`'s path — another branch's code before
its own `yield` is start-up, and so is what follows an `if` whose branch yields and returns."""

import os
import shutil
import sqlite3
from contextlib import AsyncExitStack, asynccontextmanager

import httpx
import requests
from fastapi import FastAPI

IS_MAIN_APP = os.environ.get("SVC_ROLE", "main") == "main"
METRICS_URL = os.environ.get("SVC_METRICS_URL", "")


@asynccontextmanager
async def search_lifespan(app: FastAPI):
    if IS_MAIN_APP:
        async with AsyncExitStack() as stack:
            app.state.search = await stack.enter_async_context(httpx.AsyncClient())
            yield
    else:
        app.state.index = sqlite3.connect("/var/lib/svc/search.db")  # expect: UJ002 (start-up)
        yield
        app.state.index.close()  # ok: close is not reported
        shutil.copyfile("/var/lib/svc/search.db", "/var/backups/search.db")  # expect: UJ002 (at shutdown)


@asynccontextmanager
async def metrics_lifespan(app: FastAPI):
    if not METRICS_URL:
        yield
        return
    requests.post(f"{METRICS_URL}/register", json={"service": "svc"})  # expect: UJ002 (start-up)
    yield
    requests.post(f"{METRICS_URL}/deregister", json={"service": "svc"})  # expect: UJ002 (at shutdown)


search_app = FastAPI(lifespan=search_lifespan)
metrics_app = FastAPI(lifespan=metrics_lifespan)
