"""`def` endpoints under decorators: one whose `async def` wrapper calls it in place (FastAPI
sees a coroutine function, so the body runs on the event loop's thread), one whose wrapper
hands it to the thread pool, one with a `def` wrapper. Each says which thread it ran on, and
each sleeps for no time, so that `unjam check` reports the one that blocks the loop
(tests/test_check_async_wrapped_runtime.py)."""

from __future__ import annotations

import threading
import time
from functools import wraps

from fastapi import FastAPI
from starlette.concurrency import run_in_threadpool

app = FastAPI()


def in_place(func):
    @wraps(func)
    async def wrapper(*args, **kwargs):
        return func(*args, **kwargs)

    return wrapper


def offloaded(func):
    @wraps(func)
    async def wrapper(*args, **kwargs):
        return await run_in_threadpool(func, *args, **kwargs)

    return wrapper


def plain(func):
    @wraps(func)
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)

    return wrapper


def on_main_thread() -> bool:
    time.sleep(0)
    return threading.current_thread() is threading.main_thread()


@app.get("/in-place")
@in_place
def in_place_endpoint() -> bool:
    return on_main_thread()


@app.get("/offloaded")
@offloaded
def offloaded_endpoint() -> bool:
    return on_main_thread()


@app.get("/plain")
@plain
def plain_endpoint() -> bool:
    return on_main_thread()
