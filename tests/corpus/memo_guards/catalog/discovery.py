"""A memo kept on an attribute of an object the function is handed: every caller hands it
the process's one configuration object (built behind a module-level memo), so what the miss
fetches is fetched once, not per request. The same helper handed a new object on each call
fetches every time."""

import time

import httpx
from fastapi import APIRouter

discovery = APIRouter(prefix="/discovery")
_provider = None
KEYS_TTL = 3600


class Provider:
    def __init__(self, issuer: str):
        self.issuer = issuer
        self.metadata = None
        self.keys = None
        self.keys_at = 0.0


def provider() -> Provider:
    global _provider
    if _provider is not None:
        return _provider
    _provider = Provider("https://id.internal")
    return _provider


async def metadata(p: Provider) -> dict:
    if p.metadata is not None:
        return p.metadata
    async with httpx.AsyncClient() as http:  # ok: once, on the one provider's first call
        p.metadata = (await http.get(f"{p.issuer}/.well-known/openid-configuration")).json()
    return p.metadata


async def signing_keys(p, uri: str) -> dict:
    now = time.time()
    if p.keys is not None and now - p.keys_at < KEYS_TTL:
        return p.keys
    async with httpx.AsyncClient() as http:  # ok: once per hour, on the one provider
        p.keys = (await http.get(uri)).json()
        p.keys_at = now
    return p.keys


@discovery.get("/login")
async def login():
    return {"authorize": (await metadata(provider()))["authorization_endpoint"]}


@discovery.get("/keys")
async def keys():
    found = provider()
    return await signing_keys(found, (await metadata(found))["jwks_uri"])


class Probe:
    def __init__(self, url: str):
        self.url = url
        self.answer = None


async def answer(probe: Probe) -> dict:
    if probe.answer is not None:
        return probe.answer
    async with httpx.AsyncClient() as http:  # expect: UJ003
        probe.answer = (await http.get(probe.url)).json()
    return probe.answer


@discovery.get("/probe")
async def probe(url: str):
    return await answer(Probe(url))  # a new object on every request: its memo is empty
