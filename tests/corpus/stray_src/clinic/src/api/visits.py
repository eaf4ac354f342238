import time

from fastapi import APIRouter

router = APIRouter()


@router.get("/visits/{day}")
async def by_day(day: str):
    time.sleep(0.1)  # expect: UJ001
    return []


@router.get("/visits/{visit_id}")
async def by_id(visit_id: str):
    time.sleep(0.1)  # ok: /visits/{day} answers every such path first
    return {}
