"""An old router beside the app, included by nothing: not served."""

import time

from fastapi import APIRouter

router = APIRouter()


@router.get("/slow")
async def slow():
    time.sleep(1)  # ok: no app serves this router
    return {}
