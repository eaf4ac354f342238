"""A FastAPI app whose endpoints block the event loop at known lines (see LINES)."""

import asyncio
import hashlib
import os
import time

from fastapi import BackgroundTasks, Depends, FastAPI, Request

import unjam

from .support import marked_lines

app = FastAPI()


@app.middleware("http")
async def slow_middleware(request: Request, call_next):
    if request.url.path == "/middleware":
        time.sleep(0.06)  # BLOCK-MIDDLEWARE
    return await call_next(request)


async def slow_dependency() -> str:
    time.sleep(0.06)  # BLOCK-DEPENDENCY
    return "dep"


async def slow_background() -> None:
    time.sleep(0.06)  # BLOCK-BACKGROUND


@app.get("/sleep")
async def sleep_endpoint():
    time.sleep(0.06)  # BLOCK-SLEEP
    return {"ok": True}


@app.get("/cpu")
async def cpu_endpoint():
    end = time.perf_counter() + 0.06
    spins = sum(1 for _ in iter(lambda: time.perf_counter() < end, False))  # BLOCK-CPU
    return {"spins": spins > 0}


@app.get("/hash")
async def hash_endpoint():
    digest = hashlib.pbkdf2_hmac("sha256", b"password", b"salt", 300_000)  # BLOCK-HASH
    return {"digest": digest.hex()[:8]}


@app.get("/dependency")
async def dependency_endpoint(value: str = Depends(slow_dependency)):
    return {"value": value}


@app.get("/middleware")
async def middleware_endpoint():
    return {"ok": True}


@app.get("/background")
async def background_endpoint(tasks: BackgroundTasks):
    tasks.add_task(slow_background)
    return {"ok": True}


@app.get("/fast")
async def fast_endpoint():
    await asyncio.sleep(0)
    return {"ok": True}


@app.get("/items/{item_id}")
def sync_endpoint(item_id: int):
    time.sleep(0.2)
    return {"item_id": item_id}


LINES = marked_lines(__file__, ("sleep", "cpu", "hash", "dependency", "middleware", "background"))

if os.environ.get("PROBE_APP_INSTRUMENT"):
    app = unjam.instrument(app)
