"""Routes that take their sessions from the manager's methods, directly or through a
module-level helper."""

from fastapi import FastAPI
from sqlalchemy import text

from store.database import database, sync_session

app = FastAPI()


@app.post("/orders/{order_id}/archive")
async def archive(order_id: int) -> dict:
    with sync_session() as session:
        session.execute(text("update orders set archived = true where id = :id"), {"id": order_id})  # expect: UJ001
        session.commit()  # expect: UJ001
    return {"archived": order_id}


@app.get("/orders/count")
async def count() -> int:
    with database().create_session() as session:
        return session.execute(text("select count(*) from orders")).scalar_one()  # expect: UJ001


@app.get("/orders/latest")
async def latest() -> int:
    async with database().async_session() as session:
        result = await session.execute(text("select max(id) from orders"))  # ok: awaited
        return result.scalar_one()
