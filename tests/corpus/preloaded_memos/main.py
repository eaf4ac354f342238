"""Routes that verify a token through a memo the secret fills. `check` and `renew` load it
in a worker thread first (the memo is full by the time `verify` runs on the loop); `maybe`
loads it only when asked to, and `grant` loads another service's secret first, so their own
`verify` may make the first, slow call on the loop."""

import asyncio

from fastapi import FastAPI

from deadlines import run_with_deadline
from tokens import other, service

app = FastAPI()


@app.get("/check")
async def check(token: str) -> dict:
    if not service.secret_loaded():
        await run_with_deadline(service.ensure_loaded)
    return {"ok": service.verify(token)}  # ok


@app.get("/renew")
async def renew(token: str) -> dict:
    await asyncio.to_thread(service.ensure_loaded)
    return {"ok": service.verify(token)}  # ok


@app.get("/maybe")
async def maybe(token: str, warm: bool = False) -> dict:
    if warm:
        await asyncio.to_thread(service.ensure_loaded)
    return {"ok": service.verify(token)}


@app.get("/grant")
async def grant(token: str) -> dict:
    await asyncio.to_thread(other.ensure_loaded)
    return {"ok": service.verify(token)}
