# expect: unparsed
# `response_model=[Booking]` is a list, not a type: FastAPI raises as it registers the
# route, while this module loads
import time

from fastapi import APIRouter
from pydantic import BaseModel

router = APIRouter(prefix="/bookings")


class Booking(BaseModel):
    seat: str


@router.get("/", response_model=[Booking])
async def bookings():
    time.sleep(1)  # ok: the app cannot start
    return []
