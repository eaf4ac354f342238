"""A field `__init__` always fills with an object (`self.security = SecurityManager()`) is
true on every instance, so the fallback after `if self.security: … return` never runs: only
the secured branch builds a client per request. A field that may hold None decides nothing."""

import aiohttp
import redis.asyncio as aioredis
from fastapi import APIRouter, Depends

router = APIRouter(prefix="/secured")
URL = "rediss://cache.internal"


class SecurityManager:
    async def connect(self, url: str) -> aioredis.Redis:
        return aioredis.from_url(url, ssl_cert_reqs="required")  # expect: UJ003


class SecuredCache:
    def __init__(self, url: str) -> None:
        self.url = url
        self.security = SecurityManager()
        self.redis: aioredis.Redis | None = None

    async def connect(self) -> None:
        if self.security:
            self.redis = await self.security.connect(self.url)
            return
        self.redis = aioredis.from_url(self.url)  # ok (never reached: security is set)


class OptionalCache:
    def __init__(self, url: str, secure: bool) -> None:
        self.url = url
        self.security = SecurityManager() if secure else None
        self.redis: aioredis.Redis | None = None

    async def connect(self) -> None:
        if self.security:
            self.redis = await self.security.connect(self.url)
            return
        self.redis = aioredis.from_url(self.url)  # expect: UJ003


async def secured_cache() -> SecuredCache:
    cache = SecuredCache(URL)
    await cache.connect()
    return cache


async def optional_cache(secure: bool = False) -> OptionalCache:
    cache = OptionalCache(URL, secure)
    await cache.connect()
    return cache


@router.get("/a/{key}")
async def read_a(key: str, cache: SecuredCache = Depends(secured_cache)):
    return {"value": await cache.redis.get(key)}


@router.get("/b/{key}")
async def read_b(key: str, cache: OptionalCache = Depends(optional_cache)):
    return {"value": await cache.redis.get(key)}


class Alerts:
    """`slack_webhook` is None on every instance (only `__init__` sets it), so what `if
    self.slack_webhook` guards never runs; `pager_url`, set by `configure`, may run."""

    def __init__(self) -> None:
        self.slack_webhook: str | None = None
        self.pager_url: str | None = None

    def configure(self, pager_url: str) -> None:
        self.pager_url = pager_url

    async def send(self, text: str, channels: list[str]) -> None:
        if "slack" in channels and self.slack_webhook:
            async with aiohttp.ClientSession() as session:  # ok (slack_webhook is always None)
                await session.post(self.slack_webhook, json={"text": text})
        if self.pager_url:
            async with aiohttp.ClientSession() as session:  # expect: UJ003
                await session.post(self.pager_url, json={"text": text})


alerts = Alerts()


@router.post("/alerts")
async def alert(text: str):
    await alerts.send(text, ["slack", "pager"])
    return {"sent": True}
