"""The same service, pinned to FastAPI 0.67, sizing asyncio's default executor at start-up:
the pool its sync endpoints hold through network calls is the one it chose, so neither
UJ005's network note nor UJ006 speaks. (`total_tokens` would not have silenced them: that
limiter is not the one FastAPI 0.67 uses.)"""

import asyncio
from concurrent.futures import ThreadPoolExecutor

import requests
from fastapi import Depends, FastAPI

app = FastAPI()  # ok


@app.on_event("startup")
async def size_the_pool():
    asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(max_workers=100))


@app.get("/rates/{currency}")
def rate(currency: str):
    reply = requests.get(f"http://rates.internal/{currency}", timeout=5)  # ok
    return reply.json()


def _currency() -> str:
    return "EUR"


def _region(currency: str = Depends(_currency)) -> str:
    return "eu" if currency == "EUR" else "us"


@app.get("/regions")  # expect: UJ005 (three trips; its fix names the executor `size_the_pool` sets)
def regions(region: str = Depends(_region)):
    return [region]
