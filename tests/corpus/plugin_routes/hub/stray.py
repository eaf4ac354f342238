import os

from fastapi import APIRouter

router = APIRouter()


@router.get("/stray")
async def stray_files():
    return os.listdir("/srv/stray")  # ok: no call of the helper hands this router over
