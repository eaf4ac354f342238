"""A FastAPI app whose bugs freeze the loop, stall it for long, or stall it from elsewhere.

- `/checkout`: an `async def` endpoint takes a connection from a blocking pool of one (as a
  sync ORM's pool behaves) and awaits while holding it: two at once freeze the server —
  the second waits on the loop for the connection the first cannot give back until the
  loop runs again — until the pool's timeout (`FREEZE_SECONDS`) ends the freeze.
- `/long?seconds=`: one long stall, longer than a client's timeout.
- `/spawn`: schedules a background task (`asyncio.create_task`) that stalls later, while
  another route is being requested; `/spawn-audit` one that is handed the request.
- `/generated`: the stall is in generated code (`<string>`, as SQLAlchemy compiles it).
- `/client`: an `httpx.AsyncClient` built per request (its cost is the SSL context).
"""

import asyncio
import os
import queue
import time

import httpx
from fastapi import FastAPI, HTTPException, Request

from .support import marked_lines

app = FastAPI()
FREEZE_SECONDS = float(os.environ.get("FREEZE_SECONDS", "3"))


class BlockingPool:
    """A pool of connections whose checkout blocks the calling thread, like a sync ORM's."""

    def __init__(self, size: int) -> None:
        self._free: queue.Queue[int] = queue.Queue()
        for number in range(size):
            self._free.put(number)

    def checkout(self, timeout: float) -> int:
        try:
            return self._free.get(timeout=timeout)  # BLOCK-CHECKOUT
        except queue.Empty:
            raise HTTPException(503, "pool timeout") from None

    def checkin(self, connection: int) -> None:
        self._free.put(connection)


pool = BlockingPool(1)


@app.get("/checkout")
async def checkout():
    connection = pool.checkout(timeout=FREEZE_SECONDS)
    try:
        await asyncio.sleep(0.2)  # the "query", awaited while holding the connection
    finally:
        pool.checkin(connection)
    return {"ok": True}


@app.get("/long")
async def long_stall(seconds: float = 2.0):
    time.sleep(seconds)  # BLOCK-LONG
    return {"slept": seconds}


async def nightly_job() -> None:
    await asyncio.sleep(0.3)
    time.sleep(0.15)  # BLOCK-TASK


@app.get("/spawn")
async def spawn():
    asyncio.get_running_loop().create_task(nightly_job())
    return {"scheduled": True}


async def audit(request: Request) -> None:
    await asyncio.sleep(0.3)
    time.sleep(0.15)  # BLOCK-AUDIT


@app.get("/spawn-audit")
async def spawn_audit(request: Request):
    asyncio.get_running_loop().create_task(audit(request))
    return {"scheduled": True}


_GENERATED = compile(
    "def generated_sleep():\n    import time\n    time.sleep(0.08)\n", "<string>", "exec"
)
_namespace: dict = {}
exec(_GENERATED, _namespace)


@app.get("/generated")
async def generated():
    _namespace["generated_sleep"]()  # BLOCK-GENERATED
    return {"ok": True}


@app.get("/client")
async def client():
    for _ in range(3):
        async with httpx.AsyncClient():  # BLOCK-CLIENT
            pass
    return {"ok": True}


@app.get("/fast")
async def fast():
    await asyncio.sleep(0)
    return {"ok": True}


LINES = marked_lines(__file__, ("checkout", "long", "task", "audit", "generated", "client"))
