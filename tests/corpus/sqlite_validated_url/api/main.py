"""The project installs psycopg and its `.env.example` sketches a PostgreSQL URL, but the
settings' validator replaces any URL with a SQLite file's: the sessions' calls read a local
file, no network round trip."""

from fastapi import Depends, FastAPI
from sqlalchemy import text
from sqlalchemy.orm import Session

from .db import get_db

app = FastAPI()  # ok: its routes wait only on SQLite, whose lock a larger limiter does not widen: no UJ006


@app.get("/notes")
def list_notes(db: Session = Depends(get_db)):
    return db.execute(text("select id from notes")).all()  # ok: a local SQLite file


@app.get("/notes/count")
async def count_notes(db: Session = Depends(get_db)):
    return db.execute(text("select count(*) from notes")).scalar()  # expect: UJ001
