from fastapi import Depends, FastAPI
from sqlalchemy import text
from sqlalchemy.orm import Session

from clinic.db import get_session

app = FastAPI()


@app.get("/patients")
async def patients():
    with get_session() as session:
        return session.execute(text("SELECT id FROM patients")).all()  # expect: UJ001


@app.get("/visits")
async def visits(session: Session = Depends(get_session)):
    return session.execute(text("SELECT id FROM visits")).all()  # ok: every request fails in its dependency


@app.get("/rooms")
def rooms(session: Session = Depends(get_session)):
    return session.execute(text("SELECT id FROM rooms")).all()  # ok: likewise (no UJ005)
