import time

from fastapi import APIRouter

router = APIRouter()


@router.get("/orders")
async def orders():
    time.sleep(0.1)  # expect: UJ001
    return []
