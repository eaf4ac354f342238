import time

from fastapi import APIRouter

router = APIRouter(prefix="/api/v1/auth")


@router.post("/login")
async def login():
    time.sleep(0.1)  # expect: UJ001
    return {}
