import time

from fastapi import APIRouter

router = APIRouter(prefix="/users")


@router.get("/")
async def list_users() -> list:
    time.sleep(0.1)  # expect: UJ001
    return []
