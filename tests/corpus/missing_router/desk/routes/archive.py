from pathlib import Path

from fastapi import APIRouter

router = APIRouter(prefix="/archive")


@router.get("/{name}")
async def read_archive(name: str):
    return Path(f"/srv/archive/{name}").read_text()  # ok: nothing includes this router
