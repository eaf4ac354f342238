"""Endpoints cached whole (`@alru_cache` under the route decorator) build their clients on a
cache miss, not on every request; a blocking call there still blocks the loop when it runs."""

from functools import lru_cache

import httpx
import requests
from async_lru import alru_cache
from fastapi import FastAPI

app = FastAPI()


@app.get("/projects")
@alru_cache(ttl=3600)
async def projects(author: str = "anonymous") -> list:
    async with httpx.AsyncClient() as client:  # ok: built on a cache miss only
        return (await client.get(f"http://bq.internal/projects?by={author}")).json()


@app.get("/topics")
@alru_cache(ttl=3600)
async def topics() -> list:
    return requests.get("http://bq.internal/topics").json()  # expect: UJ001


@app.get("/live")
async def live() -> list:
    async with httpx.AsyncClient() as client:  # expect: UJ003
        return (await client.get("http://bq.internal/live")).json()


# functools' caches keep what an `async def` returns, its coroutine: no result is served from
# them (a repeated call raises RuntimeError), so each new argument runs the body again.
@app.get("/tags")
@lru_cache(maxsize=128)
async def tags(kind: str = "all") -> list:
    async with httpx.AsyncClient() as client:  # expect: UJ003
        return (await client.get(f"http://bq.internal/tags?kind={kind}")).json()


@lru_cache
async def hsn_codes(query: str) -> list:
    return requests.get(f"http://bq.internal/hsn?q={query}").json()  # expect: UJ001


@app.get("/hsn")
async def hsn(query: str) -> list:
    return await hsn_codes(query)
