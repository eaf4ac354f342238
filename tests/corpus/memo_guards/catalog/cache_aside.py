"""A value read from a cache service, tested with `if cached: … else:`, whose `else` fills
that cache again: the fallback runs on a miss (once per key and expiry), not on every
request. A fallback that fills nothing runs on every call that finds nothing."""

import httpx
import requests
from fastapi import APIRouter, Depends


class CacheService:
    def __init__(self) -> None:
        self._redis = None  # a redis.asyncio.Redis once the app starts

    async def get(self, namespace: str, key: str):
        return await self._redis.get(f"{namespace}:{key}") if self._redis else None

    async def set(self, namespace: str, key: str, value, ttl_seconds: int) -> None:
        if self._redis:
            await self._redis.setex(f"{namespace}:{key}", ttl_seconds, value)


cache_service = CacheService()
cache_aside = APIRouter(prefix="/aside")


async def signing_keys() -> dict:
    cached = await cache_service.get("jwks", "issuer")
    if cached:
        keys = cached
    else:
        async with httpx.AsyncClient() as client:  # ok: on a miss, once per expiry
            keys = (await client.get("http://issuer.internal/jwks")).json()
        await cache_service.set("jwks", "issuer", keys, ttl_seconds=900)
    return keys


async def rates() -> dict:
    cached = await cache_service.get("rates", "eur")
    if cached:
        table = cached
    else:
        table = requests.get("http://rates.internal/eur").json()  # expect: UJ001
        await cache_service.set("rates", "eur", table, ttl_seconds=600)
    return table


async def holidays() -> list:
    cached = await cache_service.get("holidays", "fr")
    if cached:
        days = cached
    else:
        async with httpx.AsyncClient() as client:  # expect: UJ003 (nothing fills the cache)
            days = (await client.get("http://calendar.internal/fr")).json()
    return days


@cache_aside.get("/me")
async def me(keys=Depends(signing_keys), table=Depends(rates), days=Depends(holidays)):
    return {"keys": len(keys), "rates": table, "days": days}


@cache_aside.get("/fixtures")
async def fixtures(league: str, refresh: bool = False) -> list:
    cached = None if refresh else await cache_service.get("fixtures", league)
    if cached:
        games = cached
    else:
        games = requests.get(f"http://fixtures.internal/{league}").json()  # expect: UJ001
        await cache_service.set("fixtures", league, games, ttl_seconds=300)
    return games


class SigningKeys:
    """Keys by id, fetched once each: the test and the store sit under a lock."""

    def __init__(self) -> None:
        import threading

        self._lock = threading.Lock()
        self._keys: dict[str, dict] = {}

    def get(self, kid: str) -> dict:
        with self._lock:
            if kid in self._keys:
                return self._keys[kid]
        key = requests.get(f"http://issuer.internal/keys/{kid}").json()  # expect: UJ001
        with self._lock:
            self._keys[kid] = key
        return key


signing = SigningKeys()


@cache_aside.get("/keys/{kid}")
async def key(kid: str) -> dict:
    return signing.get(kid)
