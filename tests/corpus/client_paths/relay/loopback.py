"""Forwarding a request to the app itself: the client gets an in-process transport."""

import httpx
from openai import AsyncOpenAI
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


shared_http = httpx.AsyncClient(timeout=30)


@router.post("/complete")
async def complete(prompt: str) -> dict:
    # an SDK client over the process's one HTTP client: no pool or SSL context of its own
    llm = AsyncOpenAI(http_client=shared_http)  # ok
    reply = await llm.chat.completions.create(model="m", messages=[{"role": "user", "content": prompt}])
    return {"text": reply.choices[0].message.content}


class Completer:
    """Builds its SDK client per instance; `http_client` is a test's seam, `None` unless one
    is passed, so the SDK makes its own HTTP client."""

    def __init__(self, http_client: httpx.AsyncClient | None = None) -> None:
        self.llm = AsyncOpenAI(http_client=http_client)  # expect: UJ003


@router.post("/complete/fresh")
async def complete_fresh(prompt: str) -> dict:
    reply = await Completer().llm.chat.completions.create(model="m", messages=[])
    return {"text": reply.choices[0].message.content, "prompt": prompt}
