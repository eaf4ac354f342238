"""A query built from subqueries: `scalar_subquery()`, `subquery()` and `cte()` give SQL
expressions, whose `.alias()` and `.c` build SQL and send nothing; only the execution of
the whole statement goes to the database."""

import os

import sqlalchemy as sa
from fastapi import FastAPI
from sqlalchemy.orm import Session

app = FastAPI()
engine = sa.create_engine(os.environ["DATABASE_URL"])
words = sa.table("words", sa.column("word"))


@app.get("/typeahead")
async def typeahead(chars: str) -> list:
    with Session(engine) as session:
        inner = session.query(words.c.word).scalar_subquery().alias("t")  # ok: SQL only
        ranked = session.query(words.c.word).subquery().alias("r")  # ok: SQL only
        common = session.query(words.c.word).cte().alias("c")  # ok: SQL only
        query = sa.select(inner.c.word, ranked.c.word, common.c.word)
        return session.execute(query).all()  # expect: UJ001
