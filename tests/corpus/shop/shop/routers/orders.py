from typing import Annotated

from fastapi import APIRouter, Depends
from sqlalchemy.orm import Session

from shop.clients import Payments
from shop.db import get_db, get_raw_db
from shop.repositories.orders import OrderRepository
from shop.services.checkout import CheckoutService

router = APIRouter(prefix="/orders", tags=["orders"])


@router.post("/{order_id}/checkout")
async def checkout(order_id: int, db: Annotated[Session, Depends(get_db)]):
    service = CheckoutService(OrderRepository(db))
    result = await service.checkout(order_id)
    if not result:
        service.backoff()
    return result


@router.post("/{order_id}/cancel")
async def cancel(order_id: int, db: Annotated[Session, Depends(get_db)]):
    repository = OrderRepository(db)
    order = repository.get(order_id)
    repository.cancel(order)
    repository.archive(order)


@router.get("/open")  # ok: two sync pieces, borrowed one after another
def list_open(db: Session = Depends(get_raw_db)):
    return OrderRepository(db).list_open()  # ok: sync endpoint, runs in the thread pool


@router.post("/{charge_id}/refund")
def refund(charge_id: str):
    return Payments().refund(charge_id)


@router.get("/about")
def about():
    from shop.clients.releases import latest_release

    return {"latest": latest_release()}


@router.get("/recent/summary")
async def recent_summary(db: Annotated[Session, Depends(get_db)]):
    rows = OrderRepository(db).recent()
    picked = []
    if len(rows) > 3:
        picked.extend(rows[:2])  # ok: a list of rows, the query ran above
        picked.extend(rows[-1:])  # ok: in memory
    else:
        picked = rows
    picked.sort(key=lambda row: row.id)  # ok: in memory
    return {"ids": [row.id for row in picked]}
