"""A catalog read from disk once and kept for the process, and a registry probe cached for
an hour per registry: the launcher fills both before it serves."""

import json
from pathlib import Path

import requests
from cachetools import TTLCache, cached

_catalog: dict | None = None


def load_catalog() -> dict:
    global _catalog
    if _catalog is not None:
        return _catalog
    _catalog = json.loads(Path("catalog.json").read_text())  # ok (filled before serving)
    return _catalog


@cached(TTLCache(maxsize=8, ttl=3600))
def registry_reachable(url: str) -> bool:
    return requests.get(url, timeout=3).status_code < 500  # expect: UJ001
