# expect: unparsed (app.data is not on disk; no folder here has an __init__.py)
import time

from fastapi import APIRouter

from app.data.schedules import load_schedule

router = APIRouter()


@router.get("/schedule/{field_id}")
async def schedule(field_id: int):
    time.sleep(0.1)  # (the app cannot start: not checked)
    return load_schedule(field_id)
