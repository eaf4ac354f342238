from fastapi import Depends, FastAPI
from sqlalchemy import text
from sqlalchemy.orm import Session

from catalog.sessions import get_session, get_session_checked

app = FastAPI()  # expect: UJ006


@app.get("/health")
async def health(session=Depends(get_session)) -> dict:
    return {"ok": session is not None}


@app.get("/ready")
async def ready(session=Depends(get_session_checked)) -> dict:
    return {"ok": session is not None}


@app.get("/collections")
def collections(session: Session = Depends(get_session)):
    return session.execute(text("select id from collections")).all()  # expect: UJ005
