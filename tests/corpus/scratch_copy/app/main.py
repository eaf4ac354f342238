"""The service users run: `uvicorn app.main:app`."""

from fastapi import Depends, FastAPI
from sqlalchemy.orm import Session

from .database import get_db
from .models import Room

app = FastAPI()


@app.get("/rooms")
async def rooms(db: Session = Depends(get_db)):
    return db.query(Room).all()  # expect: UJ001
