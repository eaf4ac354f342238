"""Endpoints cached whole (`@alru_cache` under the route decorator) build their clients on a
cache miss, not on every request; a blocking call there still blocks the loop when it runs."""

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
