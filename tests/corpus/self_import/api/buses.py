import requests
from fastapi import APIRouter, Depends

from app.auth.auth import get_admin

router = APIRouter(prefix="/buses")


@router.get("/{line}")
async def arrivals(line: str, admin: dict = Depends(get_admin)):
    return requests.get(f"https://transit.example/{line}").json()  # ok: its app cannot start
