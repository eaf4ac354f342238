"""Routers the app includes in a loop over a list of them, and a sub-application a
factory builds, held by a module global the app mounts."""

import shutil
from pathlib import Path

from fastapi import APIRouter, FastAPI

badges = APIRouter(prefix="/badges")
emoji = APIRouter(prefix="/emoji")


@badges.get("/{name}")
async def badge(name: str):
    return Path(f"/srv/badges/{name}.svg").read_bytes()  # expect: UJ001


@emoji.get("/{name}")
async def emoji_image(name: str):
    return Path(f"/srv/emoji/{name}.png").read_bytes()  # expect: UJ001


ASSET_ROUTERS = [badges, emoji]


def create_thumbnails_api():
    thumbnails_api = FastAPI()

    @thumbnails_api.delete("/cache")
    async def drop_thumbnails():
        shutil.rmtree("/srv/thumbnails")  # expect: UJ001

    return thumbnails_api


thumbnails_api = create_thumbnails_api()
