from pathlib import Path

from fastapi import APIRouter

router = APIRouter(prefix="/pins")


@router.get("/{name}")
async def read_pins(name: str):
    return Path(f"/srv/pins/{name}").read_text()  # expect: UJ001
