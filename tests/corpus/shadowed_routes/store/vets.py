"""A router included twice (under its own path and under `/veterinary`) that declares one
GET path twice: in each copy the first declaration comes first, so the second never runs."""

import time

from fastapi import APIRouter

router = APIRouter(prefix="/pets")


@router.get("/files/{file_id}/url")
async def file_url(file_id: int):
    return {"url": f"/files/{file_id}"}


@router.get("/files/{file_id}/url")
async def signed_file_url(file_id: int):
    time.sleep(0.2)  # ok: the route above answers every request first
    return {"url": f"/signed/{file_id}"}


@router.get("/files/{file_id}/size")
async def file_size(file_id: int):
    time.sleep(0.1)  # expect: UJ001
    return {"size": 0}
