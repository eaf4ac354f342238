"""A module-level cache with a time to live, whose hit returns a copy of what it holds
(`{**_kp_cache, "source": "cache"}`): the client below is built on a miss only, once per
three hours, not on every request."""

import time

import httpx
from fastapi import FastAPI

_kp_cache: dict | None = None
_kp_cache_time = 0.0
KP_CACHE_TTL = 3 * 3600


def fetch_kp_index() -> dict:
    global _kp_cache, _kp_cache_time
    now = time.time()
    if _kp_cache and (now - _kp_cache_time) < KP_CACHE_TTL:
        return {**_kp_cache, "source": "cache"}
    with httpx.Client(timeout=10) as client:  # ok: on a miss only
        _kp_cache = client.get("https://services.swpc.noaa.gov/kp.json").json()  # expect: UJ001
    _kp_cache_time = now
    return {**_kp_cache, "source": "live"}


app = FastAPI()


@app.get("/kp")
async def kp_index():
    return fetch_kp_index()
