from pathlib import Path

from fastapi import APIRouter

router = APIRouter()


@router.get("/{name}")
async def read_note(name: str):
    return {"text": Path(f"/srv/notes/{name}").read_text()}  # expect: UJ001
