"""A service whose own helpers read and fill a Redis cache with a lifetime (`setex` inside
`_set_to_cache`, the lifetime a default of the helper): what a miss runs runs again at
each expiry, not on the first call only."""

import json
import time

import httpx
import redis.asyncio as aioredis
from fastapi import APIRouter, Depends
from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session, sessionmaker

listeners = APIRouter(prefix="/listeners")
SessionLocal = sessionmaker(bind=create_engine("postgresql://db.internal/radio"))
STATS_KEY = "listeners:stats"


class ListenerStats:
    def __init__(self, db: Session, store: aioredis.Redis | None) -> None:
        self.db = db
        self.store = store

    async def _get_from_cache(self, key: str) -> dict | None:
        if not self.store:
            return None
        found = await self.store.get(key)
        return json.loads(found) if found else None

    async def _set_to_cache(self, key: str, data: dict, ttl: int = 300) -> None:
        if self.store:
            await self.store.setex(key, ttl, json.dumps(data))

    async def stats(self) -> dict:
        cached = await self._get_from_cache(STATS_KEY)
        if cached:
            return cached
        peak = self.db.execute(text("SELECT max(listeners) FROM plays")).scalar()  # expect: UJ001
        result = {"peak": peak}
        await self._set_to_cache(STATS_KEY, result)
        return result


def get_stats() -> ListenerStats:
    return ListenerStats(SessionLocal(), aioredis.Redis())  # expect: UJ003


@listeners.get("/stats")
async def listener_stats(service: ListenerStats = Depends(get_stats)):
    return await service.stats()


class Universe:
    """Refreshed when empty or older than six hours, the age computed first in a local."""

    def __init__(self) -> None:
        self.symbols: list[str] = []
        self.updated_at = 0.0

    async def symbols_now(self) -> list[str]:
        age_hours = (time.monotonic() - self.updated_at) / 3600
        if not self.symbols or age_hours >= REFRESH_HOURS:
            async with httpx.AsyncClient() as client:  # ok: once per expiry, not per request
                self.symbols = (await client.get("http://tickers.internal")).json()
            self.updated_at = time.monotonic()
        return self.symbols


universe = Universe()
REFRESH_HOURS = 6.0


@listeners.get("/universe")
async def listed_symbols():
    return await universe.symbols_now()
