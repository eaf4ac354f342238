import time

from fastapi import APIRouter

router = APIRouter(prefix="/auth")


@router.post("/login")
async def login():
    time.sleep(1)  # expect: UJ001
    return {}
