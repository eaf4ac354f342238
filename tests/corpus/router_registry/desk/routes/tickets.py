import time

from fastapi import APIRouter

router = APIRouter()


@router.get("/tickets")
async def tickets():
    time.sleep(0.1)  # expect: UJ001
    return []
