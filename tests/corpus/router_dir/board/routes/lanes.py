from pathlib import Path

from fastapi import APIRouter

router = APIRouter(prefix="/lanes")


@router.get("/{name}")
async def read_lanes(name: str):
    return Path(f"/srv/lanes/{name}").read_text()  # expect: UJ001
