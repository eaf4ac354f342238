import time

from fastapi import APIRouter

api_router = APIRouter()


@api_router.get("/me")
async def me():
    time.sleep(0.1)  # expect: UJ001
    return {}
