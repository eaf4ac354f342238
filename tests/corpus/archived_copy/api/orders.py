import time

from fastapi import APIRouter

router = APIRouter(prefix="/orders")


@router.get("/")
async def orders():
    time.sleep(0.1)  # expect: UJ001
    return []
