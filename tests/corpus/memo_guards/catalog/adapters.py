"""A store that makes its client on first use (`if self._client is None`), built by a factory
that a module global keeps (`if _adapters is None: _adapters = build_adapters()`): the store
is the process's one, so its client is made once. A store a factory builds on each request
makes one per request."""

from dataclasses import dataclass

import httpx
from fastapi import APIRouter

adapters_router = APIRouter(prefix="/adapters")


class CatalogStore:
    def __init__(self) -> None:
        self._client: httpx.AsyncClient | None = None

    async def _get_client(self) -> httpx.AsyncClient:
        if self._client is None:
            self._client = httpx.AsyncClient(base_url="http://catalog.internal")  # ok
        return self._client

    async def upsert(self, item: dict) -> dict:
        client = await self._get_client()
        return (await client.put("/items", json=item)).json()


@dataclass
class Adapters:
    store: CatalogStore


def build_adapters(store: CatalogStore | None = None) -> Adapters:
    return Adapters(store=store or CatalogStore())


_adapters: Adapters | None = None


def get_adapters() -> Adapters:
    global _adapters
    if _adapters is None:
        _adapters = build_adapters()
    return _adapters


async def save(item: dict, adapters: Adapters) -> dict:
    return await adapters.store.upsert(item)


@adapters_router.post("/items")
async def put_item(item: dict):
    return await save(item, get_adapters())


class SearchStore:
    def __init__(self) -> None:
        self._client: httpx.AsyncClient | None = None

    async def find(self, text: str) -> dict:
        if self._client is None:
            self._client = httpx.AsyncClient(base_url="http://search.internal")  # expect: UJ003
        return (await self._client.get("/find", params={"q": text})).json()


def build_search() -> SearchStore:
    return SearchStore()


@adapters_router.get("/find")
async def find(text: str):
    return await build_search().find(text)


class FeedStore:
    """Its client is looked up in the process's client cache, imported where it is used: a
    miss makes one and stores it there."""

    def __init__(self, url: str) -> None:
        self.url = url

    def client(self) -> httpx.AsyncClient:
        from catalog.client_caches import clients_cache

        key = f"feeds-{self.url}"
        cached = clients_cache.get_cache(key=key)
        if cached is not None:
            client = cached
        else:
            client = httpx.AsyncClient(base_url=self.url)  # ok
            clients_cache.set_cache(key=key, value=client)
        return client


@adapters_router.get("/feeds")
async def feeds():
    return (await FeedStore("http://feeds.internal").client().get("/latest")).json()
