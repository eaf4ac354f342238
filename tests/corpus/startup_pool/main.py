"""A lifespan that opens a pool through `init_pool()` (a fallback testing that pool never
runs while serving), and a search connection a route can reset (its fallback may run)."""

from contextlib import asynccontextmanager

import httpx
from fastapi import FastAPI

import clients

from db import (
    close_pool,
    get_conn,
    init_pool,
    init_search,
    pooled_or_direct,
    reset_search,
    search_conn,
    signer_email,
)


@asynccontextmanager
async def lifespan(app: FastAPI):
    init_pool()
    init_search()
    clients.http_client = httpx.AsyncClient()
    clients.feed_client = httpx.AsyncClient()
    yield
    close_pool()
    await clients.http_client.aclose()


app = FastAPI(lifespan=lifespan)  # expect: UJ006


@app.get("/orders")
def orders():
    with get_conn() as conn:
        return conn.execute("SELECT 1").fetchall()  # expect: UJ005


@app.get("/direct")
def direct():
    return pooled_or_direct().execute("SELECT 1").fetchall()  # expect: UJ005


@app.get("/search")
def search():
    return search_conn().execute("SELECT 1").fetchall()  # expect: UJ005


@app.post("/search/reset")
def reset():
    reset_search()


@app.get("/signer")
async def signer():
    return signer_email()


@app.get("/status")
async def status():
    async with clients.shared_http() as client:
        return (await client.get("http://status.internal")).json()


@app.get("/feed")
async def feed():
    async with clients.shared_feed() as client:
        return (await client.get("http://feed.internal")).json()


@app.post("/feed/reset")
async def reset_feed():
    clients.feed_client = None
