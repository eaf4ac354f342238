"""Thumbnails: a target path the route always hands down (joined from the media folder, two
calls away) rules out the branch for a missing target; an extension read from the argument
is this call's, no memo of anything."""

import asyncio
import os

from fastapi import APIRouter

thumbs = APIRouter(prefix="/thumbs")


async def save_one(url: str, target: str | None = None):
    ext = url.rpartition("/")[2].partition(".")[2]
    if target is None and not ext:
        with open("/srv/media/sniff.bin", "rb") as head:  # expect: UJ001
            return head.read(12)
    return target or url


async def save_many(urls: list[str], target: str | None = None):
    return await asyncio.gather(*[save_one(url, target) for url in urls])


@thumbs.get("/named/{name}")
async def thumbnail(name: str):
    target = os.path.join("/srv/thumbs", name)
    if name.startswith("."):
        fallback = os.path.join("/srv/thumbs", "default.png")
        target = fallback
    return await save_many([f"https://cdn.example/{name}"], target=target)


@thumbs.post("/fetch")
async def fetch_unnamed(urls: list[str]):
    return await save_many(urls)


@thumbs.get("/into")
async def fetch_into(url: str, target: str | None = None):
    return await save_one(url, target)
