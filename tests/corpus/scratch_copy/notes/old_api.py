# expect: unparsed (imports database and models, which no folder on its path holds)
"""An earlier draft kept for reference: its bare imports name modules that live in app/, which
is on no path this file runs from, so importing it raises ModuleNotFoundError."""

from fastapi import Depends, FastAPI

from database import SessionLocal
from models import Room

app = FastAPI()


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


@app.get("/rooms")
async def rooms(db=Depends(get_db)):
    return db.query(Room).all()  # ok: the draft never starts
