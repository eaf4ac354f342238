"""Cover images: the files app mounted at /covers answers every path under it first."""

from pathlib import Path

from fastapi import APIRouter

router = APIRouter()


@router.get("/covers/{isbn}/thumb.jpg")
async def cover_thumb(isbn: str):
    return Path(f"store/covers/{isbn}.jpg").exists()  # ok: the mount answers /covers/... first


@router.get("/cover-sizes/{isbn}")
async def cover_sizes(isbn: str):
    return Path(f"store/covers/{isbn}.png").exists()  # expect: UJ001
