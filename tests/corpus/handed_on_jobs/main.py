"""Start-up creates a task that starts the schedulers: the jobs it adds are handed off twice
(a task, then a scheduler), and still run — a coroutine job of an AsyncIOScheduler on the
loop, a `def` job of a BackgroundScheduler in the scheduler's threads."""

import asyncio

import requests
from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.schedulers.background import BackgroundScheduler
from fastapi import FastAPI

app = FastAPI()


async def poll_prices() -> None:
    requests.get("https://prices.example/latest", timeout=5)  # expect: UJ001


def archive_orders() -> None:
    requests.post("https://archive.example/run", timeout=5)  # ok: a scheduler thread


async def start_schedulers() -> None:
    on_loop = AsyncIOScheduler(timezone="UTC")
    on_loop.add_job(poll_prices, "interval", seconds=60)
    on_loop.start()
    threads = BackgroundScheduler()
    threads.add_job(archive_orders, "interval", hours=1)
    threads.start()


@app.on_event("startup")
async def on_startup() -> None:
    asyncio.create_task(start_schedulers())


@app.get("/")
async def index() -> dict:
    return {}
