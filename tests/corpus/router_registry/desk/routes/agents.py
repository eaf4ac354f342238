import time

from fastapi import APIRouter

router = APIRouter()


@router.get("/")
async def agents():
    time.sleep(0.1)  # expect: UJ001
    return []
