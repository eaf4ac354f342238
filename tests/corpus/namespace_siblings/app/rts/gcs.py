import time

from fastapi import APIRouter

gcs_router = APIRouter(prefix="/gcs")


@gcs_router.post("/")
async def upload():
    time.sleep(1)  # expect: UJ001
    return {}
