import time

from fastapi import APIRouter

from depot.settings import Settings

router = APIRouter(prefix="/stock")


@router.get("/count")
async def count() -> dict:
    time.sleep(1)  # ok: the app that would serve it cannot start
    return {"warehouse": Settings.WAREHOUSE}
