import asyncio

from fastapi import FastAPI
from sqlalchemy import select

from db import async_session_maker, audited_session_maker, sync_session_maker
from models import Order

app = FastAPI()


@app.post("/orders")
async def create_order(total: int):
    async with async_session_maker() as session:
        order = Order(total=total)
        session.add(order)  # ok: an AsyncSession's add only records the object
        await session.commit()  # ok: awaited
        await session.refresh(order)  # ok
    return {"id": order.id}


@app.post("/orders/{order_id}/touch")
async def touch_order(order_id: int):
    async with async_session_maker() as session:
        order = await session.get(Order, order_id)
        order.total += 0
        # a forgotten await: the coroutine never runs (a bug, commit lost), but nothing blocks
        session.commit()  # ok
    return {"id": order_id}


@app.get("/orders/{order_id}")
async def read_order(order_id: int):
    async with audited_session_maker() as session:
        query = select(Order).where(Order.id == order_id)
        found = await asyncio.wait_for(session.execute(query), timeout=5)  # ok: a coroutine
        return {"id": found.scalar_one().id}


@app.delete("/orders/{order_id}")
async def delete_order(order_id: int):
    with sync_session_maker() as session:
        order = session.get(Order, order_id)  # expect: UJ001
        session.delete(order)
        session.commit()  # expect: UJ001
    return {"deleted": order_id}


from reports import reports  # noqa: E402

app.include_router(reports)
