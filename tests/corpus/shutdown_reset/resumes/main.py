from contextlib import asynccontextmanager

from fastapi import FastAPI

from resumes.db import db, pool


@asynccontextmanager
async def lifespan(app: FastAPI):
    yield
    await db.close()


app = FastAPI(lifespan=lifespan)


@app.get("/resumes")
async def resumes():
    db.ensure()
    pool.ensure()
    return []


@app.post("/pool/reset")
async def reset_pool():
    pool.reset()
    return {}
