"""Connection probes: each one is built for the settings it is asked to test."""

import asyncio

import httpx
import redis

STATUS_URL = "https://status.partner.internal/api/v2/status.json"
PARTNER_API = "https://api.partner.internal"


class RedisProbe:
    def __init__(self, host: str, port: int = 6379, password: str | None = None, **options):
        connect = {"socket_timeout": 2.0, "socket_connect_timeout": 2.0}
        connect.update(options)
        auth = {"password": password} if password else {}
        self.client = redis.Redis(host=host, port=port, **auth, **connect)  # expect: UJ003

    def ping(self) -> bool:
        return bool(self.client.ping())


def status_client() -> httpx.AsyncClient:
    return httpx.AsyncClient(timeout=5.0)  # expect: UJ003


def tenant_client(token: str) -> httpx.AsyncClient:
    headers = {"Authorization": token}
    return httpx.AsyncClient(base_url=PARTNER_API, headers=headers)  # expect: UJ003


def partner_client(config: dict) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=config["partner_url"])  # expect: UJ003


class PartnerKeys:
    """Keys at the partner: the request's key id goes into each call's URL, not into the
    client, so one shared client would serve every request."""

    def __init__(self):
        self.timeout = httpx.Timeout(10.0)

    async def lookup(self, key_id: str) -> bool:
        return bool(key_id)

    async def archive(self, key_id: str) -> bool:
        if not await self.lookup(key_id):
            return False
        async with httpx.AsyncClient(timeout=self.timeout) as client:  # expect: UJ003
            response = await client.delete(f"{PARTNER_API}/keys/{key_id}")
        return response.status_code == 204


class RegionApi:
    """A client per region, built in the constructor; the request's match id goes only to
    the method called on the new object (`RegionApi("eu").match(match_id)`)."""

    def __init__(self, region: str):
        self.client = httpx.AsyncClient(base_url=f"https://{region}.partner")  # expect: UJ003

    async def match(self, match_id: str) -> dict:
        return (await self.client.get(f"/matches/{match_id}")).json()


PARTNER_KEY = "pk-live"


class Summarizer:
    """Built with the process's key, or none: which one, a flag of the request picks."""

    def __init__(self, key: str | None):
        self.client = httpx.AsyncClient(headers={"x-key": key or ""})  # expect: UJ003


async def list_cache_keys(settings: dict) -> list[str]:
    """Lists a cache's keys with the region and password the admin typed, in a nested
    function handed to a thread: the closure reads them from here, so the client is the
    request's own."""
    region = settings.get("region") or "eu-west-1"
    keys = {"password": settings.get("password")}

    def listing() -> list[str]:
        client = redis.Redis(host=f"cache.{region}.internal", **keys)  # expect: UJ003
        return [str(k) for k in client.keys()]

    return await asyncio.to_thread(listing)
