"""Caches whose entries expire: what a miss runs runs again at each expiry, so it is no
first-call stall (the words say so), and a client built on a miss is built once per key
and expiry, not on every request. A logger's handlers, added once, guard its set-up."""

import json
import logging
import time
from datetime import datetime, timedelta
from pathlib import Path

import httpx
import redis
import requests
from fastapi import APIRouter

expiring = APIRouter(prefix="/expiring")
kv = redis.Redis.from_url("redis://cache.internal:6379")

_rates: dict[str, tuple[float, datetime]] = {}
RATE_TTL = timedelta(minutes=30)


async def rate(currency: str) -> float:
    now = datetime.now()
    if currency in _rates and now - _rates[currency][1] < RATE_TTL:
        return _rates[currency][0]
    async with httpx.AsyncClient() as client:  # ok: on a miss only, once per key and expiry
        reply = await client.get(f"http://rates.internal/{currency}")
    _rates[currency] = (reply.json()["rate"], now)
    return _rates[currency][0]


@expiring.get("/convert")
async def convert(currency: str):
    return {"rate": await rate(currency)}


@expiring.get("/totals")
async def totals():
    cached = kv.get("totals")  # expect: UJ001
    if cached:
        return json.loads(cached)
    counted = requests.get("http://ledger.internal/totals").json()  # expect: UJ001
    kv.set("totals", json.dumps(counted), ex=1800)  # expect: UJ001
    return counted


def access_log() -> logging.Logger:
    logger = logging.getLogger("expiring.access")
    if logger.handlers:
        return logger
    Path("/var/log/expiring").mkdir(exist_ok=True)  # expect: UJ001
    logger.addHandler(logging.FileHandler("/var/log/expiring/access.log"))
    return logger


@expiring.get("/ping")
async def ping():
    access_log().info("ping")
    return {"ok": True}


class ModelList:
    """Refreshed when unset or older than five minutes: the expiry is stamped by a helper."""

    def __init__(self) -> None:
        self._expiry: datetime | None = None
        self._names: list[str] = []

    def _keep(self, names: list[str]) -> None:
        self._names = names
        self._expiry = datetime.now() + timedelta(minutes=5)

    async def _refresh(self) -> None:
        async with httpx.AsyncClient() as client:  # ok: once per expiry, not per request
            self._keep((await client.get("http://models.internal")).json())

    async def names(self) -> list[str]:
        now = datetime.now()
        if self._expiry is None or now > self._expiry:
            await self._refresh()
        return self._names


models = ModelList()
_plans: dict | None = None
_plans_at = 0.0


def plans() -> dict:
    global _plans, _plans_at
    if _plans is None or time.monotonic() - _plans_at > 300:
        _plans = requests.get("http://billing.internal/plans").json()  # expect: UJ001
        _plans_at = time.monotonic()
    return _plans


@expiring.get("/models")
async def model_names():
    return {"models": await models.names(), "plans": plans()}


from catalog.cache_aside import cache_aside  # noqa: E402

expiring.include_router(cache_aside)

from catalog.visitors import visitors  # noqa: E402

expiring.include_router(visitors)

from catalog.hardware import hardware  # noqa: E402

expiring.include_router(hardware)

from catalog.daily import daily  # noqa: E402

expiring.include_router(daily)

from catalog.listeners import listeners  # noqa: E402

expiring.include_router(listeners)

from catalog.snapshots import snapshots  # noqa: E402

expiring.include_router(snapshots)
