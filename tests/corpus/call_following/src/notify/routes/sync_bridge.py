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


def run_coroutine(coro):
    """A helper that runs the coroutine it is handed on a loop of its own, where none runs."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    raise RuntimeError("run_coroutine called on a running loop")


async def fetch_batch(urls: list[str]) -> list[int]:
    time.sleep(0.1)  # ok: only ever run through run_coroutine, on a worker thread's own loop
    async with httpx.AsyncClient() as client:  # expect: UJ003
        return [(await client.get(url)).status_code for url in urls]


@router.post("/bridge/batch")
def bridge_batch(urls: list[str]):
    return run_coroutine(fetch_batch(urls))
