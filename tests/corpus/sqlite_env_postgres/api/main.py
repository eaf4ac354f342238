"""The same code where the project declares psycopg2 and a platform runs it (Procfile): the
environment may name PostgreSQL, so the SQLite default proves nothing and the calls may cross
the network."""

from fastapi import Depends, FastAPI
from sqlalchemy import text
from sqlalchemy.orm import Session

from .db import get_db

app = FastAPI()  # expect: UJ006


@app.get("/orders")
def list_orders(db: Session = Depends(get_db)):
    return db.execute(text("select id from orders")).all()  # expect: UJ005
