import asyncio
from functools import lru_cache
from typing import Annotated

from fastapi import APIRouter, Depends, Header

from hookdesk.probes import (
    STATUS_URL,
    PartnerKeys,
    RegionApi,
    RedisProbe,
    list_cache_keys,
    partner_client,
    status_client,
    tenant_client,
)
from hookdesk.schemas import PingResult, RedisSettings

router = APIRouter(prefix="/integrations")


@router.post("/redis/test", response_model=PingResult)
async def test_redis(settings: RedisSettings) -> PingResult:
    """Try the settings the admin typed before saving them: the client cannot be shared."""
    options = settings.model_dump(exclude_none=True)
    probe = RedisProbe(**options)
    try:
        ok = await asyncio.to_thread(probe.ping)
    except OSError as exc:
        return PingResult(ok=False, detail=str(exc))
    return PingResult(ok=ok)


@router.get("/status")
async def partner_status() -> dict:
    async with status_client() as client:
        response = await client.get(STATUS_URL)
    return response.json()


@router.get("/tenant/usage")
async def tenant_usage(authorization: str = Header()) -> dict:
    async with tenant_client(authorization) as client:
        response = await client.get("/usage")
    return response.json()


@lru_cache
def get_config() -> dict:
    return {"partner_url": "https://api.partner.internal"}


ConfigDep = Annotated[dict, Depends(get_config)]


@router.get("/partner/ping")
async def partner_ping(config: ConfigDep) -> dict:
    """The client is built from the process's one cached config, not from the request:
    one shared client would do."""
    async with partner_client(config) as client:
        response = await client.get("/ping")
    return response.json()


@router.delete("/keys/{key_id}")
async def archive_key(key_id: str) -> dict:
    return {"archived": await PartnerKeys().archive(key_id)}


@router.get("/matches/{match_id}")
async def region_match(match_id: str) -> dict:
    return await RegionApi("eu").match(match_id)


from hookdesk.probes import PARTNER_KEY, Summarizer  # noqa: E402


@router.post("/summaries")
async def summarize(text: str, use_partner: bool = True) -> dict:
    summarizer = Summarizer(PARTNER_KEY if use_partner else None)
    return {"length": len(text), "client": str(summarizer.client)}


@router.post("/cache/keys")
async def cache_keys(settings: dict) -> list[str]:
    return await list_cache_keys(settings)
