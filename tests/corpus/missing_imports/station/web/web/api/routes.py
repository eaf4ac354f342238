import time

from fastapi import APIRouter

router = APIRouter()


@router.get("/departures")
async def departures():
    time.sleep(0.1)  # expect: UJ001
    return []
