"""The validator keeps a URL the environment gives: with psycopg installed, it may be
PostgreSQL's, so the calls may cross the network."""

from fastapi import Depends, FastAPI
from sqlalchemy import text
from sqlalchemy.orm import Session

from .db import get_db

app = FastAPI()  # expect: UJ006


@app.get("/notes")
def list_notes(db: Session = Depends(get_db)):
    return db.execute(text("select id from notes")).all()  # expect: UJ005


@app.get("/notes/count")
async def count_notes(db: Session = Depends(get_db)):
    return db.execute(text("select count(*) from notes")).scalar()  # expect: UJ001
