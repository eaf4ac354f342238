import time

from fastapi import APIRouter
from services.thing import get_thing

router = APIRouter()


@router.get("/items")
async def items():
    time.sleep(1)  # expect: UJ001
    return get_thing()
