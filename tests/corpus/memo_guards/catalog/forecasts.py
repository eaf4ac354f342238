"""Caches kept behind another object: a helper reads what the miss path saves through the
store it was handed (S3 in the real thing), and a CRUD module's row read and created again
on a miss (a table). The client is built once per key, not on every request."""

import logging
import time
from pathlib import Path

import aiohttp
from fastapi import APIRouter

forecasts = APIRouter(prefix="/forecasts")


class BlobStore:
    def __init__(self) -> None:
        self.blobs: dict[str, tuple[float, dict]] = {}

    async def read_blob(self, name: str) -> dict | None:
        kept = self.blobs.get(name)
        return kept[1] if kept and time.time() - kept[0] < 300 else None

    async def save_blob(self, name: str, data: dict) -> None:
        self.blobs[name] = (time.time(), data)


async def get_cached_forecast(city: str, store: BlobStore) -> dict | None:
    return await store.read_blob(city)


async def download(city: str) -> dict:
    async with aiohttp.ClientSession() as session:  # ok: on a cache miss only (see below)
        async with session.get("http://forecasts.internal", params={"q": city}) as reply:
            return await reply.json()


async def download_alerts(city: str) -> dict:
    async with aiohttp.ClientSession() as session:  # expect: UJ003 (nothing saves it)
        async with session.get("http://alerts.internal", params={"q": city}) as reply:
            return await reply.json()


class ForecastService:
    def __init__(self, store: BlobStore) -> None:
        self.store = store

    async def forecast(self, city: str) -> dict:
        cached = await get_cached_forecast(city, self.store)
        if cached:
            return cached
        data = await download(city)
        await self.store.save_blob(city, data)
        return data

    async def alerts(self, city: str) -> dict:
        cached = await get_cached_forecast(city, self.store)
        if cached:
            return cached
        return await download_alerts(city)  # (the store is only read: every miss pays)


class crud:  # noqa: N801 (stands in for a `crud` module of a table's rows)
    rows: dict[tuple[str, str], dict] = {}

    @staticmethod
    def get_reading_by_city_and_day(city: str, day: str) -> dict | None:
        return crud.rows.get((city, day))

    @staticmethod
    def create_reading(city: str, day: str, reading: dict) -> dict:
        crud.rows[(city, day)] = reading
        return reading

    @staticmethod
    def get_station(city: str) -> dict | None:
        return crud.rows.get((city, "station"))


service = ForecastService(BlobStore())


@forecasts.get("/{city}")
async def forecast(city: str):
    return await service.forecast(city)


@forecasts.get("/{city}/alerts")
async def alerts(city: str):
    return await service.alerts(city)


async def fetch_reading(city: str, day: str) -> dict:
    async with aiohttp.ClientSession() as session:  # ok: once per (city, day), kept below
        async with session.get("http://history.internal", params={"q": city, "d": day}) as r:
            return await r.json()


async def fetch_station(city: str) -> dict:
    async with aiohttp.ClientSession() as session:  # expect: UJ003 (no row is created)
        async with session.get("http://stations.internal", params={"q": city}) as r:
            return await r.json()


@forecasts.get("/{city}/history/{day}")
async def history(city: str, day: str):
    reading = crud.get_reading_by_city_and_day(city, day)
    if reading:
        return reading
    return crud.create_reading(city, day, await fetch_reading(city, day))


@forecasts.get("/{city}/station")
async def station(city: str):
    found = crud.get_station(city)
    if found:
        return found
    return await fetch_station(city)


class ReleaseFeed:
    """The latest release, kept for an hour: the stamp is tested against the age, and what
    is returned is kept beside it; both are set after each fetch."""

    _latest: dict = {}
    _fetched_at: float | None = None

    async def _download(self) -> dict:
        async with aiohttp.ClientSession() as session:  # ok: once an hour, kept below
            async with session.get("http://releases.internal/latest") as reply:
                return await reply.json()

    async def latest(self) -> dict:
        now = time.time()
        if self._fetched_at and now - self._fetched_at < 3600:
            return self._latest
        self._latest = await self._download()
        self._fetched_at = now
        return self._latest

    async def _download_notes(self) -> dict:
        async with aiohttp.ClientSession() as session:  # expect: UJ003 (the stamp is never set)
            async with session.get("http://releases.internal/notes") as reply:
                return await reply.json()

    async def notes(self) -> dict:
        now = time.time()
        if self._fetched_at and now - self._fetched_at < 3600:
            return self._latest
        return await self._download_notes()


releases = ReleaseFeed()


@forecasts.get("/releases/latest")
async def latest_release():
    return await releases.latest()


@forecasts.get("/releases/notes")
async def release_notes():
    return await releases.notes()


def audit_logger(name: str) -> logging.Logger:
    logger = logging.getLogger(name)
    if not logger.hasHandlers():  # (the process's one logger keeps what is added to it)
        Path("/var/log/forecasts").mkdir(exist_ok=True)  # expect: UJ001
        logger.addHandler(logging.FileHandler("/var/log/forecasts/audit.log"))
    return logger


@forecasts.post("/audit")
async def audit(event: str):
    audit_logger("forecasts.audit").info(event)


_feed: dict = {"data": None, "at": 0.0}


async def refresh_feed() -> None:
    if _feed["data"] is not None and time.time() - _feed["at"] < 60:
        return  # fresh: no session, no request
    async with aiohttp.ClientSession() as session:  # ok: once a minute, kept below
        async with session.get("http://feed.internal") as reply:
            _feed["data"] = await reply.json()
            _feed["at"] = time.time()


@forecasts.get("/feeds/latest")
async def feed():
    await refresh_feed()
    return _feed["data"]


class Config:
    preset_key = ""


config = Config()


def signing_key() -> str:
    if config.preset_key:  # a setting, which no code fills: no memo
        return config.preset_key
    return Path("/etc/forecasts/key.pem").read_text()  # expect: UJ001


@forecasts.post("/sign")
async def sign():
    return {"key": signing_key()}


@forecasts.post("/rows/{name}")
async def touch_row(name: str):
    config = Config()  # a local of the same name: writing it writes no global
    config.preset_key = name
    return {}


_stations: dict = {}


def station_table(limit: int) -> dict:
    if limit <= 0 or not _stations:  # (any call with limit <= 0 reloads: no memo)
        _stations.update(zones=Path("/srv/stations.txt").read_text())  # expect: UJ001
    return _stations


@forecasts.get("/stations/table")
async def stations_table(limit: int = 0):
    return station_table(limit)


TILES = Path("/var/cache/tiles/index.json")


def _fetch_tiles(name: str) -> bool:
    return bool(name)


@forecasts.post("/tiles/{name}")
async def tiles(name: str):
    fetched = _fetch_tiles(name)
    if fetched is False or not TILES.exists():  # expect: UJ001
        TILES.unlink(missing_ok=True)  # expect: UJ001 (a failed fetch: every such call)
        return {"ok": False}
    return {"ok": True}


_renderers: dict = {}


def renderer(style: str) -> aiohttp.ClientSession:
    key = f"renderer:{style}"
    testing = "PYTEST_CURRENT_TEST" in _renderers
    if key not in _renderers or testing:  # (a key this call computed, looked up: a memo)
        _renderers[key] = aiohttp.ClientSession()  # ok: once per style
    return _renderers[key]


@forecasts.get("/render/{style}")
async def render(style: str):
    return {"open": not renderer(style).closed}


from catalog.expiring import expiring  # noqa: E402

forecasts.include_router(expiring)
