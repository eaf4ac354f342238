import asyncio
import json
import os
from pathlib import Path

import httpx

from index import settings

lock = asyncio.Lock()
_catalog: dict | None = None


def read_manifest(name: str) -> dict:
    path = Path(name)
    if not path.exists():  # expect: UJ002
        raise RuntimeError(f"no manifest at {path}")
    return json.loads(path.read_text())  # expect: UJ002


async def get_catalog() -> dict:
    global _catalog
    if _catalog is None:
        async with lock:
            if _catalog is None:
                _catalog = read_manifest(settings.MANIFEST)  # ok (the lifespan fills it first)
    return _catalog


async def refresh_catalog() -> None:
    global _catalog
    try:
        _catalog = read_manifest(settings.MANIFEST)
    except RuntimeError:
        pass


async def load_lines(url: str, name: str):
    if not settings.STREAM_LOAD:
        path = os.path.join(settings.DATA_PATH, name)
        try:
            async with httpx.AsyncClient() as client:  # expect: UJ003
                response = await client.get(url)
            with open(path, "wb") as handle:  # expect: UJ001
                handle.write(response.content)
            with open(path) as handle:  # expect: UJ001
                for line in handle:
                    yield line
        finally:
            os.unlink(path)  # expect: UJ001
    else:
        async with httpx.AsyncClient() as client:  # expect: UJ003
            async with client.stream("GET", url) as response:
                async for line in response.aiter_lines():
                    yield line
