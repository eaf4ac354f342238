from pathlib import Path

from fastapi import APIRouter

router = APIRouter(prefix="/users")


@router.get("/{name}")
async def read_users(name: str):
    return Path(f"/srv/users/{name}").read_text()  # expect: UJ001
