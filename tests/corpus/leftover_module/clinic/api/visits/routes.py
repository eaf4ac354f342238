import time

from fastapi import APIRouter

visits_router = APIRouter()


@visits_router.get("/{visit_id}")
async def read_visit(visit_id: int):
    time.sleep(0.05)  # expect: UJ001
    return {"id": visit_id}
