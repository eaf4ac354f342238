"""A helper that builds a client only when none is handed to it (`if client is None:`): the
routes that hand it the shared one build nothing per request, through a function that passes
its own (annotated, not optional) client along; the route that hands it none does."""

import httpx
from fastapi import APIRouter

router = APIRouter(prefix="/fanout")
SHARED = httpx.AsyncClient()


async def probe(url: str, client: httpx.AsyncClient | None = None) -> int:
    owned = client is None
    if client is None:
        client = httpx.AsyncClient(timeout=5)  # expect: UJ003 (only for `GET /fanout/cold`)
    try:
        return (await client.get(url)).status_code
    finally:
        if owned:
            await client.aclose()


async def probe_all(urls: list[str], client: httpx.AsyncClient) -> list[int]:
    return [await probe(url, client=client) for url in urls]


async def probe_maybe(urls: list[str], client: httpx.AsyncClient | None = None) -> list[int]:
    return [await probe(url, client) for url in urls]


@router.get("/shared")
async def shared(url: str):
    return await probe_all([url], SHARED)


@router.get("/direct")
async def direct(url: str):
    return await probe(url, client=SHARED)


@router.get("/cold")
async def cold(url: str):
    return await probe_maybe([url])
