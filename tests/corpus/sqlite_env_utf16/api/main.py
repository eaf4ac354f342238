"""As sqlite_env_only, with the requirements written in UTF-16 (PowerShell's `pip freeze >
requirements.txt`): still no driver of a networked database, so the sessions' calls read
a local file, no network round trip."""

from fastapi import Depends, FastAPI
from sqlalchemy import text
from sqlalchemy.orm import Session

from .db import get_db

app = FastAPI()  # ok: its routes wait only on SQLite, whose lock a larger limiter does not widen: no UJ006


@app.get("/orders")
def list_orders(db: Session = Depends(get_db)):
    return db.execute(text("select id from orders")).all()  # ok: a local SQLite file
