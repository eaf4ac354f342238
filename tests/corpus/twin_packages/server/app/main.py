"""The served app (`cd server && uvicorn app.main:app`): `from app.util import work` is its
own `server/app/util.py`, not the backup's, whose folder sorts first."""

from fastapi import FastAPI

from app.helpers import render
from app.util import work
from app.store import load

app = FastAPI()


@app.get("/y")
async def y():
    return {"work": work(), "rows": load(), "page": render("y")}
