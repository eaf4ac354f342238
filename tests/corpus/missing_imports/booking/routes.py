import time

from fastapi import APIRouter

from .utils.expiry import expire_holds  # expect: unparsed

router = APIRouter()


@router.post("/holds/expire")
async def expire():
    time.sleep(1)
    return {"expired": expire_holds()}
