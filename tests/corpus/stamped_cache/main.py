"""Version checks kept for a day in module dicts: the early return hands back what is kept
beside the stamp it tests (`_latest["version"]` beside `_latest["checked_at"]`), so the
client after it is built once a day, not per request — unless the other test is a switch
of its own, or an age that is not the stamp's."""

import time

import httpx
from fastapi import FastAPI

app = FastAPI()

DAY = 24 * 60 * 60
STARTED = time.time()
verbose = False

_latest = {"version": None, "checked_at": 0}
_release = {"version": None, "notes": "", "checked_at": 0.0}
_switched = {"version": None, "checked_at": 0}
_young = {"version": None, "checked_at": 0}


async def latest_version() -> str | None:
    if _latest["checked_at"] > 0 and time.time() - _latest["checked_at"] < DAY:
        return _latest["version"]
    async with httpx.AsyncClient() as client:  # ok (once a day)
        version = (await client.get("https://releases.internal/latest")).text
    _latest["version"] = version
    _latest["checked_at"] = time.time()
    return version


async def release_notes() -> tuple[str | None, str]:
    age = time.time() - _release["checked_at"]
    if _release["checked_at"] > 0 and age < DAY:
        return _release["version"], _release["notes"]
    async with httpx.AsyncClient() as client:  # ok (once a day, through the local age)
        body = (await client.get("https://releases.internal/notes")).json()
    _release["version"], _release["notes"] = body["version"], body["notes"]
    _release["checked_at"] = time.time()
    return _release["version"], _release["notes"]


async def switched_version() -> str | None:
    if _switched["checked_at"] > 0 and verbose:
        return _switched["version"]
    async with httpx.AsyncClient() as client:  # expect: UJ003
        version = (await client.get("https://releases.internal/latest")).text
    _switched["version"] = version
    _switched["checked_at"] = time.time()
    return version


async def young_version() -> str | None:
    uptime = time.time() - STARTED
    if _young["checked_at"] > 0 and uptime < DAY:
        return _young["version"]
    async with httpx.AsyncClient() as client:  # expect: UJ003
        version = (await client.get("https://releases.internal/latest")).text
    _young["version"] = version
    _young["checked_at"] = time.time()
    return version


@app.get("/version")
async def version() -> dict:
    return {
        "latest": await latest_version(),
        "notes": await release_notes(),
        "switched": await switched_version(),
        "young": await young_version(),
    }
