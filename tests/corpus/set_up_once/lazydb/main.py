"""The database is built by the first request's dependency, once per process: the pool work
of later requests waits on nothing, so there is no limiter to raise (UJ006 silent)."""

from typing import Annotated

from fastapi import Depends, FastAPI
from sqlalchemy import create_engine, text

database = None


def init_database():
    global database
    database = create_engine("postgresql://u:p@db/d")
    with database.connect() as conn:
        conn.execute(text("select 1"))  # ok: the first request only (not on the loop)


def get_engine():
    if database is None:
        init_database()
    return database


app = FastAPI()  # ok


@app.get("/items")
def items(engine: Annotated[object, Depends(get_engine)]):
    return {"engine": str(engine)}
