"""The same check, its failure logged and swallowed: the app starts and serves."""

import logging

from fastapi import Depends, FastAPI
from sqlalchemy import text
from sqlalchemy.orm import Session

from lenient.db import get_db, init_db

logger = logging.getLogger(__name__)
app = FastAPI()


@app.on_event("startup")
async def startup() -> None:
    try:
        init_db()
    except Exception:
        logger.warning("database not reachable yet")


@app.get("/orders")
async def orders(db: Session = Depends(get_db)):
    return db.execute(text("SELECT id FROM orders")).all()  # expect: UJ001


class Table:
    @classmethod
    def table_name(cls) -> str:
        raise NotImplementedError  # (each subclass names its own)


class Orders(Table):
    @classmethod
    def table_name(cls) -> str:
        return "orders"


def count_rows(db: Session, kind: type[Table]) -> int:
    name = kind.table_name()  # (a classmethod a subclass overrides: not always raising)
    return db.execute(text(f"SELECT count(*) FROM {name}")).scalar()  # expect: UJ001


@app.get("/orders/count")
async def order_count(db: Session = Depends(get_db)):
    return {"n": count_rows(db, Orders)}
