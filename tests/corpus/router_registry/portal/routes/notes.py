from pathlib import Path

from fastapi import APIRouter

router = APIRouter(prefix="/notes")


@router.get("/{name}")
async def read_notes(name: str):
    return Path(f"/srv/notes/{name}").read_text()  # expect: UJ001
