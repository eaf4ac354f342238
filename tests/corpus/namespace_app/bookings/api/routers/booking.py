from fastapi import APIRouter

from ..store import load_booking

router = APIRouter(prefix="/bookings")


@router.get("/{booking_id}")
async def get_booking(booking_id: int):
    return load_booking(booking_id)
