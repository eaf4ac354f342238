import time

from fastapi import APIRouter

router = APIRouter()


@router.get("/quotes")
async def quotes():
    time.sleep(0.1)  # expect: UJ001
    return []
