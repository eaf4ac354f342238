import time

from fastapi import APIRouter

router = APIRouter()


@router.get("/{order_id}")
async def read_order(order_id: int):
    time.sleep(0.2)  # expect: UJ001
    return {"id": order_id}
