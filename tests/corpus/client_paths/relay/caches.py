"""Async clients and pools of databases and caches made per request: each opens its own
connections. One made at module level or in lifespan, or a client handed a shared pool, is
not."""

import asyncpg
import redis.asyncio as aioredis
from fastapi import APIRouter, Depends, Request
from motor.motor_asyncio import AsyncIOMotorClient

from relay import cache_state

router = APIRouter(prefix="/caches")
POOL = aioredis.ConnectionPool.from_url("redis://cache.internal")  # ok
shared = aioredis.from_url("redis://cache.internal")  # ok


async def lifespan(app):
    app.state.pg = await asyncpg.create_pool("postgresql://db.internal/app")  # ok
    yield
    await app.state.pg.close()


async def connection():
    conn = await asyncpg.connect("postgresql://db.internal/app")  # expect: UJ003
    try:
        yield conn
    finally:
        await conn.close()


@router.get("/hits/{key}")
async def hits(key: str):
    cache = aioredis.from_url("redis://cache.internal")  # expect: UJ003
    return {"hits": await cache.get(key)}


@router.get("/pooled/{key}")
async def pooled(key: str):
    cache = aioredis.Redis(connection_pool=POOL)  # ok
    return {"hits": await cache.get(key)}


@router.get("/shared/{key}")
async def shared_hits(key: str):
    return {"hits": await shared.get(key)}


@router.get("/profiles/{name}")
async def profile(name: str):
    mongo = AsyncIOMotorClient("mongodb://mongo.internal")  # expect: UJ003
    return await mongo.app.profiles.find_one({"name": name})


@router.get("/orders/{order_id}")
async def order(order_id: int, conn=Depends(connection)):
    return await conn.fetchrow("SELECT * FROM orders WHERE id = $1", order_id)


@router.get("/totals")
async def totals(request: Request):
    async with request.app.state.pg.acquire() as conn:
        return await conn.fetchval("SELECT count(*) FROM orders")


@router.get("/report")
async def report():
    pool = await asyncpg.create_pool("postgresql://db.internal/app")  # expect: UJ003
    async with pool.acquire() as conn:
        return await conn.fetchval("SELECT count(*) FROM orders")


@router.post("/settings/test")
async def test_cache_connection(settings: dict):
    cache = aioredis.from_url(settings["url"])  # ok: a connection test tries the settings given
    try:
        return {"ok": await cache.ping()}
    finally:
        await cache.aclose()


class SettingsCache:
    def __init__(self, url: str) -> None:
        self.client = aioredis.from_url(url)  # ok: built when the settings change, then shared


def apply_settings(settings: dict) -> None:
    cache_state.cache = SettingsCache(settings["url"])


@router.post("/settings")
async def update_cache_settings(settings: dict):
    apply_settings(settings)
    return {"ok": True}


@router.post("/queue/settings/test")
async def check_queue_connection(settings: dict):
    queue = aioredis.from_url(settings["url"])  # ok: a connection test behind `/test`
    try:
        return {"ok": await queue.ping()}
    finally:
        await queue.aclose()


@router.get("/health")
async def check_cache_connection():
    probe = aioredis.from_url("redis://cache.internal")  # expect: UJ003
    return {"ok": await probe.ping()}
