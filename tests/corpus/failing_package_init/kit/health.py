import time

from fastapi import APIRouter

router = APIRouter()


@router.get("/health")
async def health() -> dict:
    time.sleep(0.1)  # expect: UJ001
    return {"ok": True}
