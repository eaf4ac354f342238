"""Run from news/ (`uvicorn app.main:app`): `app` is this package, not contracts/app.py, a
module of the same name elsewhere in the repository, whose import fails."""

import time

from fastapi import FastAPI

from app.config import NAME

app = FastAPI()


@app.get("/")
async def root():
    time.sleep(1)  # expect: UJ001
    return {"name": NAME}
