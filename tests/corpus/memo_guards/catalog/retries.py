"""A client kept in a module global, made again only after a failure: the retry loop drops it
on a 401 (in the `except` block) and the next turn makes a fresh one — once per failure, not
once per request. A caller that drops it before every call makes one each time."""

import httpx
from fastapi import APIRouter

retries = APIRouter(prefix="/retries")
_client: httpx.AsyncClient | None = None


async def get_client() -> httpx.AsyncClient:
    global _client
    if _client is None or _client.is_closed:
        _client = httpx.AsyncClient(timeout=5)  # ok: again only after a 401
    return _client


async def post_with_retry(url: str, payload: dict) -> dict:
    global _client
    for _attempt in range(3):
        client = await get_client()
        try:
            response = await client.post(url, json=payload)
            response.raise_for_status()
            return response.json()
        except httpx.HTTPStatusError as err:
            if err.response.status_code == 401:
                if _client is not None:
                    await _client.aclose()
                _client = None  # a fresh client (and token) on the next turn
                continue
            raise
    raise RuntimeError("no answer after 3 tries")


_audit_client: httpx.AsyncClient | None = None


async def get_audit_client() -> httpx.AsyncClient:
    global _audit_client
    if _audit_client is None:
        _audit_client = httpx.AsyncClient(timeout=5)  # expect: UJ003
    return _audit_client


async def post_fresh(url: str, payload: dict) -> dict:
    global _audit_client
    _audit_client = None  # every call starts over
    client = await get_audit_client()
    return (await client.post(url, json=payload)).json()


@retries.post("/orders")
async def send_order(order: dict) -> dict:
    return await post_with_retry("https://orders.internal/api", order)


@retries.post("/audits")
async def send_audit(audit: dict) -> dict:
    return await post_fresh("https://audits.internal/api", audit)
