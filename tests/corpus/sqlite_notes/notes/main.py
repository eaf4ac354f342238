from fastapi import Depends, FastAPI
from sqlalchemy import text
from sqlalchemy.orm import Session

from .db import get_db

app = FastAPI()  # ok: its routes wait only on SQLite, whose lock a larger limiter does not widen: no UJ006


@app.get("/notes")
def list_notes(db: Session = Depends(get_db)):
    return db.execute(text("select body from notes")).all()  # ok: a local SQLite file, no network round trip


@app.get("/notes/count")
async def count_notes(db: Session = Depends(get_db)):
    return db.execute(text("select count(*) from notes")).scalar()  # expect: UJ001
