import time

from fastapi import APIRouter

from src.middleware.jwt.handler import decode

router = APIRouter()


@router.get("/products")
async def products(token: str):
    time.sleep(0.1)  # expect: UJ001
    return {"user": decode(token)}
