"""Registry views fetched once per view and kept, read back by a `try: return X[key]` whose
handler lets the function go on to fetch on a miss; a table the program ships but never
fills is no cache, so the fetch after its lookup runs on every request."""

from typing import Any

import httpx
from fastapi import APIRouter

views = APIRouter(prefix="/views")
KNOWN_VIEWS = {"blocks": "https://registry.example/blocks.json"}
VIEW_CACHE: dict[str, dict[str, Any]] = {}
BUNDLED: dict[str, dict[str, Any]] = {"demo": {}}


async def collection_view(view: str) -> dict[str, Any]:
    try:
        return VIEW_CACHE[view]
    except KeyError:
        pass
    try:
        async with httpx.AsyncClient() as client:  # ok: once per view, on a miss
            data = (await client.get(KNOWN_VIEWS[view])).json()
            VIEW_CACHE[view] = data
            return data
    except httpx.HTTPError:
        return {}


async def bundled_view(view: str) -> dict[str, Any]:
    try:
        return BUNDLED[view]
    except KeyError:
        pass
    async with httpx.AsyncClient() as client:  # expect: UJ003 (nothing fills BUNDLED)
        return (await client.get(KNOWN_VIEWS[view])).json()


@views.get("/{view}")
async def read_view(view: str) -> dict[str, Any]:
    return await collection_view(view)


@views.get("/bundled/{view}")
async def read_bundled(view: str) -> dict[str, Any]:
    return await bundled_view(view)
