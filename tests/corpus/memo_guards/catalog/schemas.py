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


def render(kind: str) -> str:
    return f"<h1>{kind}</h1>"


def template_for(kind: str) -> str:
    """The same cache written after an early return, at a path spelt out again."""
    folder = os.path.expanduser("~/.catalog/templates")
    marker = os.path.join(folder, f"{kind}.html")
    if os.path.exists(marker):
        with open(marker) as fh:  # expect: UJ001 (read back on every call)
            return fh.read()
    text = render(kind)
    with open(os.path.join(folder, f"{kind}.html"), "w") as fh:  # expect: UJ001 (on a cache miss only)
        fh.write(text)
    return text


def banner_for(kind: str) -> str:
    """Written on every call: what it reads back is another file."""
    folder = os.path.expanduser("~/.catalog/banners")
    if os.path.exists(os.path.join(folder, f"{kind}.txt")):
        with open(os.path.join(folder, f"{kind}.txt")) as fh:  # expect: UJ001 (read back on every call)
            return fh.read()
    with open(os.path.join(folder, "latest.txt"), "w") as fh:  # expect: UJ001
        fh.write(kind)
    return kind


@router.get("/templates/{kind}")
async def page_template(kind: str):
    return template_for(kind) + banner_for(kind)


@router.get("/schemas/{kind}")
async def page_schema(kind: str):
    return schema_for(kind)
