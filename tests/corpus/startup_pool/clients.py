"""Shared HTTP clients main.py's lifespan sets through this module's name: the per-call
client of each fallback is for tests that skip the lifespan — unless a route may set the
shared one back to None."""

from contextlib import asynccontextmanager

import httpx

http_client: httpx.AsyncClient | None = None
feed_client: httpx.AsyncClient | None = None


@asynccontextmanager
async def shared_http():
    if http_client is not None:
        yield http_client
    else:
        async with httpx.AsyncClient() as client:  # ok: only while the lifespan has not run
            yield client


@asynccontextmanager
async def shared_feed():
    if feed_client is not None:
        yield feed_client
    else:
        async with httpx.AsyncClient() as client:  # expect: UJ003 (a route unsets it)
            yield client
