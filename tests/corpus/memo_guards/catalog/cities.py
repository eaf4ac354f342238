"""Cache-aside through helper functions (a Redis cache behind them): the client is built on
a cache miss only, per country; a lookup nothing fills pays on every request."""

import json

import httpx
import requests
from fastapi import APIRouter, Depends

router = APIRouter(prefix="/cities")
_redis: dict[str, str] = {}  # (stands in for a Redis client)


async def get_cached_data(key: str):
    raw = _redis.get(key)
    return json.loads(raw) if raw else None


async def set_cached_data(key: str, value: object) -> None:
    _redis[key] = json.dumps(value)


@router.get("/{country}")
async def list_cities(country: str):
    cache_key = f"cities:{country}"
    cached_data = await get_cached_data(cache_key)
    if cached_data:
        return cached_data
    async with httpx.AsyncClient(timeout=15.0) as client:  # ok: on a miss, stored below
        reply = await client.get("http://cities.internal", params={"country": country})
    await set_cached_data(cache_key, reply.json())
    return reply.json()


@router.get("/{country}/zips")
async def list_zips(country: str):
    cached_data = await get_cached_data(f"zips:{country}")
    if cached_data:
        return cached_data
    async with httpx.AsyncClient() as client:  # expect: UJ003
        reply = await client.get("http://zips.internal", params={"country": country})
    return reply.json()  # (nothing here fills the cache: every miss, every request)


@router.get("/{country}/regions")
async def list_regions(country: str):
    cache_key = f"regions:{country}"
    cached_data = await get_cached_data(cache_key)
    if cached_data:
        return cached_data
    regions = requests.get("http://regions.internal", params={"c": country}).json()  # expect: UJ001
    await set_cached_data(cache_key, regions)
    return regions


@router.get("/{country}/districts")
async def list_districts(country: str):
    cache_key = f"districts:{country}"
    cached_data = await get_cached_data(cache_key)
    if cached_data:
        return [district.title() for district in cached_data]
    districts = requests.get("http://districts.internal", params={"c": country}).json()  # expect: UJ001
    await set_cached_data(cache_key, districts)
    return districts


class CountryStore:
    """A cache behind a repository (a MongoDB collection with a TTL, in the real thing)."""

    def __init__(self) -> None:
        self._countries: list | None = None

    async def get_countries(self) -> list | None:
        return self._countries

    async def save_countries(self, countries: list) -> None:
        self._countries = countries


_store = CountryStore()


@router.get("/")
async def list_countries():
    cached = await _store.get_countries()
    if cached is not None:
        return cached
    async with httpx.AsyncClient() as client:  # ok: on a miss, stored back below
        countries = (await client.get("http://countries.internal")).json()
    await _store.save_countries(countries)
    return countries


@router.get("/{country}/capital")
async def capital(country: str):
    found = await _store.get_countries()
    if found is not None:
        return found[0]
    async with httpx.AsyncClient() as client:  # expect: UJ003 (nothing stores it back)
        return (await client.get("http://capitals.internal", params={"c": country})).json()


class _Store:  # (stands in for a redis.asyncio client: `get`, `set(key, value, ex=...)`)
    async def get(self, key: str):
        return None

    async def set(self, key: str, value: str, ex: int = 0) -> None:
        return None


store = _Store()


@router.get("/{country}/airports")
async def list_airports(country: str):
    key = f"airports:{country}"
    cached = await store.get(key)
    if cached:
        airports = json.loads(cached)
    else:  # a miss: fetched, then written back under the same key
        async with httpx.AsyncClient() as client:  # ok: on a cache miss only
            airports = (await client.get("http://airports.internal")).json()
        await store.set(key, json.dumps(airports), ex=600)
    return airports


@router.get("/{country}/ports")
async def list_ports(country: str):
    cached = await store.get(f"ports:{country}")
    if cached:
        ports = json.loads(cached)
    else:  # written back under another key: this one misses on every request
        async with httpx.AsyncClient() as client:  # expect: UJ003
            ports = (await client.get("http://ports.internal")).json()
        await store.set("ports:all", json.dumps(ports), ex=600)
    return ports


def get_cache() -> _Store:
    return store


@router.get("/{country}/harbours")
async def list_harbours(country: str):
    cache = get_cache()  # (the process's one store, handed out)
    hit = await cache.get(f"harbours:{country}")
    if hit:
        return json.loads(hit)
    async with httpx.AsyncClient() as client:  # ok: on a cache miss only
        harbours = (await client.get("http://harbours.internal")).json()
    await cache.set(f"harbours:{country}", json.dumps(harbours), ex=600)
    return harbours


def generate_random_code(length: int = 8) -> str:
    import secrets

    return secrets.token_hex(length)


@router.post("/{country}/invites")
async def create_invite(country: str):
    code = generate_random_code()  # a new code on every call
    found = await store.get(f"invite:{code}")
    if found is None:
        async with httpx.AsyncClient() as client:  # expect: UJ003
            await client.post("http://invites.internal", json={"code": code})
        await store.set(f"invite:{code}", country)
    return {"code": code}


async def get_store() -> _Store:
    return store


@router.get("/{country}/ferries")
async def list_ferries(country: str, kv: _Store = Depends(get_store)):
    hit = await kv.get(f"ferries:{country}")  # (a store a dependency hands in)
    if hit:
        return json.loads(hit)
    async with httpx.AsyncClient() as client:  # ok: on a cache miss only
        ferries = (await client.get("http://ferries.internal")).json()
    await kv.set(f"ferries:{country}", json.dumps(ferries), ex=600)
    return ferries


_regions_file: dict | None = None
_regions_at = 0.0


def regions_config() -> dict:
    import copy
    import time
    from pathlib import Path

    global _regions_file, _regions_at
    now = time.time()
    if _regions_file and now - _regions_at < 300:
        return copy.deepcopy(_regions_file)  # (a copy of the kept value)
    _regions_file = json.loads(Path("regions.json").read_text())  # expect: UJ001
    _regions_at = now
    return copy.deepcopy(_regions_file)


@router.get("/{country}/regions-config")
async def regions_config_route(country: str):
    return regions_config().get(country)


def get_redis_store(tenant: str) -> _Store:
    return store


@router.get("/{country}/bridges")
async def list_bridges(country: str, tenant: str = "default"):
    kv = get_redis_store(tenant)  # (a store the process keeps, handed out per tenant)
    hit = await kv.get(f"bridges:{country}")
    if hit is not None:
        return json.loads(hit)
    async with httpx.AsyncClient() as client:  # ok: on a cache miss only
        bridges = (await client.get("http://bridges.internal")).json()
    await kv.set(f"bridges:{country}", json.dumps(bridges), ex=600)
    return bridges
