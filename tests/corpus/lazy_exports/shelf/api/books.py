from pathlib import Path

from fastapi import APIRouter

router = APIRouter(prefix="/books")


@router.get("/{name}")
async def read_book(name: str):
    return Path(f"/srv/books/{name}").read_text()  # expect: UJ001
