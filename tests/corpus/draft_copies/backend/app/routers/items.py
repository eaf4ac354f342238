"""Served as `POST /api/items/refresh` by backend/app/main.py, the app backend/Dockerfile
runs; an older copy of main.py kept in backend/drafts/ includes the router without its prefix."""

import time

from fastapi import APIRouter

router = APIRouter()


@router.post("/refresh")
async def refresh():
    time.sleep(0.5)  # expect: UJ001
    return {}
