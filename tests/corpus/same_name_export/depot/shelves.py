import time

from fastapi import APIRouter

router = APIRouter()


@router.delete("/{shelf_id}/{slot_id}")
def clear_slot(shelf_id: int, slot_id: int):
    return {"cleared": [shelf_id, slot_id]}


@router.delete("/list/{slot_id}")
async def clear_listed(slot_id: int):
    time.sleep(0.1)  # ok: never runs, `/{shelf_id}/{slot_id}` answers `/list/...` first
    return {"cleared": slot_id}


@router.get("/{shelf_id}")
async def shelf(shelf_id: int):
    time.sleep(0.1)  # expect: UJ001
    return {"shelf": shelf_id}
