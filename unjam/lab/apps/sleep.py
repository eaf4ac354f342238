"""Seed 004's experiment: `await asyncio.sleep(2)` on the loop vs `time.sleep(2)` in the pool.

`/async` waits on the event loop, so any number of concurrent requests finish in ≈ 2 s;
`/sync` holds one thread-pool token while it sleeps, so N concurrent requests take
⌈N / pool⌉ × 2 s. `LAB_SLEEP_S` sets the sleep (default 2), `LAB_THREAD_POOL` the pool.
"""

import asyncio
import os
import threading
import time

from fastapi import FastAPI

from unjam.lab.apps.pool import thread_pool_lifespan

SLEEP_S = float(os.environ.get("LAB_SLEEP_S", "2"))

app = FastAPI(lifespan=thread_pool_lifespan(40))


@app.get("/async")
async def async_get():
    thread = threading.current_thread()
    await asyncio.sleep(SLEEP_S)
    return {"message": f"Current thread name: {thread.name}, identifier: {thread.ident}"}


@app.get("/sync")
def get():
    thread = threading.current_thread()
    time.sleep(SLEEP_S)  # holds a thread-pool token for the whole sleep
    return {"message": f"Current thread name: {thread.name}, identifier: {thread.ident}"}
