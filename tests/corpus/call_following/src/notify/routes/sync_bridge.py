"""A sync helper that runs a coroutine to completion with `asyncio.run`: called from an
`async def` route it raises (a loop is already running on that thread), so the coroutine
never runs there; from a `def` route, in a worker thread, it runs on every request."""

import asyncio
import threading
import time

import httpx
from fastapi import APIRouter

router = APIRouter()


async def fetch_status(url: str) -> int:
    time.sleep(0.1)  # ok: only ever run by asyncio.run, never on the serving loop
    async with httpx.AsyncClient() as client:  # expect: UJ003
        return (await client.get(url)).status_code


def status_now(url: str) -> int:
    return asyncio.run(fetch_status(url))


@router.get("/bridge/async")
async def bridge_async(url: str):
    return status_now(url)


@router.get("/bridge/sync")
def bridge_sync(url: str):
    return status_now(url)


async def listen(channel: str) -> None:
    time.sleep(0.1)  # ok: on the listener thread's own loop
    async with httpx.AsyncClient() as client:  # ok: one client per listener thread's loop
        await client.get(f"http://127.0.0.1:8080/{channel}")


@router.post("/bridge/listen")
async def start_listener(channel: str):
    threading.Thread(target=asyncio.run, args=(listen(channel),), daemon=True).start()
