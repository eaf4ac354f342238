"""Forwarding a request to the app itself: the client gets an in-process transport."""

import httpx
from fastapi import APIRouter, Request

router = APIRouter(prefix="/loopback")


@router.get("/alias/{name}")
async def alias(name: str, request: Request) -> dict:
    transport = httpx.ASGITransport(app=request.app)
    async with httpx.AsyncClient(transport=transport, base_url="http://app") as client:  # ok
        response = await client.get(f"/users/{name}")
    return response.json()


@router.get("/upstream")
async def upstream() -> dict:
    transport = httpx.AsyncHTTPTransport(retries=2)  # expect: UJ003
    async with httpx.AsyncClient(transport=transport) as client:  # ok: the transport above is the cost
        response = await client.get("https://upstream.example/health")
    return response.json()
