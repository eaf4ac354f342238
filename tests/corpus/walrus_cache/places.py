"""Cache-aside through a sync Redis client (redis-py's `Redis`, whose calls do block the
loop): a hit returns before the client is built, and the miss path fills the cache with
`setex`, so the client is built on a miss only (the hit returns what it read, decoded)."""

import json

import httpx
import redis
from fastapi import APIRouter

router = APIRouter()
cache_db = redis.Redis()


@router.get("/places/{place_id}")
async def place(place_id: str):
    key = f"place:{place_id}"
    cached = cache_db.get(key)  # expect: UJ001
    if cached:
        details = json.loads(cached)
        return {"place": details, "from": "cache"}
    async with httpx.AsyncClient() as client:  # ok: on a cache miss only
        details = (await client.get("https://maps.example/details", params={"id": place_id})).json()
    cache_db.setex(key, 14 * 86400, json.dumps(details))  # expect: UJ001
    return details
