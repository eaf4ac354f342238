"""The same code again, the driver of a networked database still declared, but nothing runs
the app where a URL could name one (no Dockerfile, compose file or Procfile) and no other file
names such a database: the README runs it on its SQLite file, which the calls read locally."""

from fastapi import Depends, FastAPI
from sqlalchemy import text
from sqlalchemy.orm import Session

from .db import get_db

app = FastAPI()  # ok: only local-file database work in the pool


@app.get("/orders")
def list_orders(db: Session = Depends(get_db)):
    return db.execute(text("select id from orders")).all()  # ok: a local SQLite file
