from typing import Annotated

from fastapi import Depends
from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session

engine = create_engine("postgresql://shop@db/shop")


def get_db():
    with Session(engine) as db:
        yield db


DbDep = Annotated[Session, Depends(get_db)]


def get_basket(db: DbDep, basket_id: int) -> dict:
    return {"id": basket_id, "lines": db.execute(text("SELECT 1")).all()}  # expect: UJ005


BasketDep = Annotated[dict, Depends(get_basket)]


def get_owner(db: Session = Depends(DbDep)) -> str:
    """Given the alias itself: FastAPI would call `Annotated[...]` with `args` and
    `kwargs` taken from the query string, so no route that needs this one runs."""
    return db.execute(text("SELECT owner FROM shop")).scalar_one()  # ok: never reached
