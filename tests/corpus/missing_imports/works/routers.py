# expect: unparsed (it defines no `products`, which works/main_production.py imports)
import time

from fastapi import APIRouter

router = APIRouter(prefix="/orders")


@router.get("/{order_id}")
def read_order(order_id: int) -> dict:
    time.sleep(0.05)
    return {"id": order_id}
