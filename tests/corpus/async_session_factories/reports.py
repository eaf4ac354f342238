"""A service annotated for a sync Session, handed the AsyncSession a dependency yields: its
`db.query(...)` raises AttributeError (an AsyncSession has no `query`) before anything is
sent, so nothing blocks. Its callers pass the sync Session elsewhere: that one blocks."""

from fastapi import APIRouter, Depends
from sqlalchemy.orm import Session

from db import async_session_maker, sync_session_maker
from models import Order

reports = APIRouter(prefix="/reports")


async def get_async_db():
    async with async_session_maker() as session:
        yield session


def get_sync_db():
    with sync_session_maker() as session:
        yield session


class OrderReport:
    def __init__(self, db: Session) -> None:
        self.db = db

    def count(self) -> int:
        return self.db.query(Order).count()  # ok: an AsyncSession's `query` raises first


class LedgerReport:
    def __init__(self, db: Session) -> None:
        self.db = db

    def count(self) -> int:
        return self.db.query(Order).count()  # expect: UJ001


@reports.get("/orders")
async def order_count(db: Session = Depends(get_async_db)):
    return {"orders": OrderReport(db).count()}


@reports.get("/ledger")
async def ledger_count(db: Session = Depends(get_sync_db)):
    return {"orders": LedgerReport(db).count()}
