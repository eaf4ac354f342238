"""SQLAlchemy's inspector on an engine queries the database's catalog on each call; on an ORM
object `inspect()` reads its in-memory state; on an async connection's `run_sync` the query
runs through the async driver."""

from fastapi import FastAPI, Request
from sqlalchemy import Integer, create_engine, inspect
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

engine = create_engine("postgresql://db/app")
async_engine = create_async_engine("postgresql+asyncpg://db/app")
app = FastAPI()


class Base(DeclarativeBase):
    pass


class Row(Base):
    __tablename__ = "rows"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)


@app.middleware("http")  # expect: UJ004
async def schema_guard(request: Request, call_next):
    tenant = request.headers.get("x-tenant", "public")
    if tenant not in inspect(engine).get_schema_names():  # expect: UJ001
        return None
    return await call_next(request)


@app.get("/tables")
async def tables():
    async with async_engine.connect() as conn:
        return await conn.run_sync(lambda c: inspect(c).get_table_names())  # ok: async driver


@app.get("/state")
async def state(row_id: int):
    row = Row(id=row_id)
    return {"pending": inspect(row).pending}  # ok: the object's own state
