"""Seed 002 as a service: an endpoint that health-checks 100 downstreams (200 ms each).

`/check/sequential` is the mistake the seed's author confesses at the end ("at first I put
requests.get() directly inside async def"): 100 blocking calls on the event loop, ≈ 20 s
during which the server answers nobody. `/check/threads` fans out over a
ThreadPoolExecutor(30) from a `def` endpoint; `/check/asyncio` uses aiohttp and gather.
The downstream is `LAB_HEALTH_URL` (`/health/{n}`), `LAB_HEALTH_COUNT` endpoints.
"""

import asyncio
import os
from concurrent.futures import ThreadPoolExecutor

import aiohttp
import requests
from fastapi import FastAPI

BASE = os.environ.get("LAB_HEALTH_URL", "http://127.0.0.1:9")
COUNT = int(os.environ.get("LAB_HEALTH_COUNT", "100"))
URLS = [f"{BASE}/health/{n}" for n in range(COUNT)]

app = FastAPI()


@app.get("/check/sequential")
async def check_sequential():
    results = []
    for url in URLS:
        resp = requests.get(url, timeout=5)  # blocks the event loop, 100 times
        results.append(resp.json())
    return {"checked": len(results)}


def fetch(url: str) -> dict:
    return requests.get(url, timeout=5).json()


@app.get("/check/threads")
def check_threads():
    with ThreadPoolExecutor(max_workers=30) as executor:
        results = list(executor.map(fetch, URLS))
    return {"checked": len(results)}


@app.get("/check/asyncio")
async def check_asyncio():
    async with aiohttp.ClientSession() as session:

        async def one(url: str) -> dict:
            async with session.get(url, timeout=aiohttp.ClientTimeout(total=5)) as resp:
                return await resp.json()

        results = await asyncio.gather(*(one(url) for url in URLS))
    return {"checked": len(results)}


@app.get("/ping")
async def ping():
    """Answers at once — unless something is blocking the loop."""
    return {"pong": True}
