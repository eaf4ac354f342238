"""Page schemas generated once per kind and kept on disk: the `else` of `if
os.path.exists(path):` writes the very file the `if` reads back, so each new kind pays once."""

import json
import os

from fastapi import APIRouter

router = APIRouter()
CACHE_DIR = os.path.expanduser("~/.catalog/schemas")


def generate(kind: str) -> dict:
    return {"kind": kind, "fields": ["title", "price"]}


def schema_for(kind: str, cache_dir: str | None = None) -> dict:
    base = cache_dir or CACHE_DIR
    path = f"{base}/{kind}.json"
    if os.path.exists(path):
        with open(path) as fh:  # expect: UJ001 (read back on every call)
            return json.load(fh)
    else:
        schema = generate(kind)
        with open(path, "w") as fh:  # expect: UJ001 (on a cache miss only)
            json.dump(schema, fh)
    return schema


@router.get("/schemas/{kind}")
async def page_schema(kind: str):
    return schema_for(kind)
