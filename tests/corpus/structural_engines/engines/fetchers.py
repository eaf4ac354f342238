"""An async client's Protocol, which a factory casts a handler to: a class whose `get` and
`post` are plain `def`s is no implementation of its `async def get`, whatever names the two
share (an awaited call of it would get a response, not a coroutine); the class whose methods
are `async def`s is."""

import importlib
import time
from typing import Protocol

import httpx


class AsyncFetcher(Protocol):
    async def get(self, url: str) -> bytes: ...

    async def post(self, url: str, body: bytes) -> bytes: ...


class SyncHandler:
    def get(self, url: str) -> bytes:
        return httpx.get(url).content  # ok (a `def`: no implementation of `async def get`)

    def post(self, url: str, body: bytes) -> bytes:
        return httpx.post(url, content=body).content


class AsyncHandler:
    async def get(self, url: str) -> bytes:
        time.sleep(0.1)  # expect: UJ001
        return b""

    async def post(self, url: str, body: bytes) -> bytes:
        return body


handlers = {"sync": SyncHandler(), "async": AsyncHandler()}


def new_fetcher() -> AsyncFetcher:
    return importlib.import_module("engines.plugins").fetcher


async def fetch_status(url: str) -> bytes:
    fetcher = new_fetcher()
    return await fetcher.get(url)
