"""`def` endpoints under the corpus' decorators (tests/corpus/async_wrapped/portal/guards.py):
one whose `async def` wrapper calls it in place (FastAPI sees a coroutine function, so the
body runs on the event loop's thread), one whose wrapper hands it to the thread pool, one
with a `def` wrapper. Each says which thread it ran on, and each sleeps for no time, so that
`unjam check` reports the one that blocks the loop (tests/test_check_async_wrapped_runtime.py)."""

from __future__ import annotations

import threading
import time

from fastapi import FastAPI

from tests.corpus.async_wrapped.portal.guards import audited, offloaded, timed

app = FastAPI()


def on_main_thread() -> bool:
    time.sleep(0)
    return threading.current_thread() is threading.main_thread()


@app.get("/in-place")
@audited
def in_place_endpoint() -> bool:
    return on_main_thread()


@app.get("/offloaded")
@offloaded
def offloaded_endpoint() -> bool:
    return on_main_thread()


@app.get("/plain")
@timed
def plain_endpoint() -> bool:
    return on_main_thread()
