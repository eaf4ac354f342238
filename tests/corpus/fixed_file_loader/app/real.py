import time

from fastapi import APIRouter

router = APIRouter()


@router.get("/real")
async def real():
    time.sleep(0.1)  # expect: UJ001
    return {}
