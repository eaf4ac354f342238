import os

from fastapi import APIRouter

router = APIRouter()


@router.get("/stray")
async def stray_files():
    return os.listdir("/srv/stray")  # expect: UJ001
