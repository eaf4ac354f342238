"""The URL comes from the environment, under a variable named for SQLite; the `.env` example
names a PostgreSQL URL too, and requirements.txt its driver, but the code never reads that
one: the sessions' calls read a local file, no network round trip."""

from fastapi import Depends, FastAPI
from sqlalchemy import text
from sqlalchemy.orm import Session

from .db import get_db

app = FastAPI()  # ok: the pool's work is SQLite's


@app.get("/vehicles")
def list_vehicles(db: Session = Depends(get_db)):
    return db.execute(text("select id from vehicles")).all()  # ok: a local file


@app.post("/admin/migrate")
def migrate():
    from alembic import command
    from alembic.config import Config

    command.upgrade(Config("alembic.ini"), "head")  # ok: migrates the same SQLite file
    return {"migrated": True}
