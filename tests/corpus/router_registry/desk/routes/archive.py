"""An old router the registry no longer lists."""

import time

from fastapi import APIRouter

router = APIRouter()


@router.get("/archive")
async def archive():
    time.sleep(0.1)  # ok: no string names this module, so the desk never imports it
    return []
