"""A client built with a proxy a call picks as it is built: one proxy per attempt, by
design, so the fix keeps a client per proxy rather than one for all."""

import random

import httpx
from fastapi import APIRouter

router = APIRouter(prefix="/proxied")
PROXIES = ["http://127.0.0.1:8081", "http://127.0.0.1:8082"]


def pick_proxy() -> str:
    return random.choice(PROXIES)


@router.get("/fetch")
async def fetch(url: str):
    async with httpx.AsyncClient(proxy=pick_proxy(), timeout=10) as client:  # expect: UJ003
        reply = await client.get(url)
    return {"status": reply.status_code}


async def one_get(url: str, proxy: str | None) -> int:
    async with httpx.AsyncClient(proxy=proxy) as client:  # expect: UJ003
        return (await client.get(url)).status_code


USE_PROXY = True


@router.get("/retry")
async def retry(url: str):
    for _attempt in range(3):
        proxy = pick_proxy() if USE_PROXY else None
        return {"status": await one_get(url, proxy)}
