from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI

from notes.db import Database

database = Database("sqlite:///notes.db")


@asynccontextmanager
async def lifespan(app: FastAPI):
    database.initialize(Path("data"))
    yield


app = FastAPI(lifespan=lifespan)


@app.get("/notes/count")
async def count_notes() -> dict:
    return {"count": database.count()}
