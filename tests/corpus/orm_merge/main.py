"""`session.merge(obj, load=False)` copies a detached object's state into the session with
no SQL; a plain `merge(obj)` loads the row first (a round trip)."""

import os

from fastapi import FastAPI
from sqlalchemy import create_engine
from sqlalchemy.orm import Session

app = FastAPI()
engine = create_engine(os.environ["DATABASE_URL"])
cached_tokens: dict[str, object] = {}


@app.get("/token/{service}")
async def token(service: str) -> dict:
    with Session(engine) as session:
        kept = cached_tokens.get(service)
        if kept is not None:
            attached = session.merge(kept, load=False)  # ok: no SQL with load=False
        else:
            attached = session.merge(object())  # expect: UJ001
        return {"token": str(attached)}
