"""A dependency that returns a dict, under an annotation naming a SQLAlchemy `Session`:
FastAPI injects what the dependency returns, so `user.get("id")` is a dict's `get`, no
query; the session from `get_db` still queries."""

from typing import Annotated

from fastapi import Depends, FastAPI
from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session, sessionmaker

app = FastAPI()
SessionLocal = sessionmaker(bind=create_engine("postgresql://db.internal/garden"))


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


async def get_current_user(token: str = "") -> dict:
    return {"id": 1, "role": "grower"}


db_dependency = Annotated[Session, Depends(get_db)]
user_dependency = Annotated[Session, Depends(get_current_user)]


@app.get("/me")
async def me(db: db_dependency, user: user_dependency):
    uid = user.get("id")  # ok: a dict's get
    query = text("SELECT name FROM users WHERE id = :id")
    return db.execute(query, {"id": uid}).first()  # expect: UJ001
