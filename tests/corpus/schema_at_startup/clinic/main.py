from contextlib import asynccontextmanager

from fastapi import FastAPI

from clinic.database import (
    LegacyBase,
    engine,
    init_archive,
    init_schema,
    init_when_ready,
    reflect_audit,
)


@asynccontextmanager
async def lifespan(app: FastAPI):
    init_schema()
    reflect_audit()
    await init_archive()
    await init_when_ready()
    yield
    LegacyBase.metadata.drop_all(engine)  # expect: UJ002


app = FastAPI(lifespan=lifespan)


@app.get("/health")
async def health() -> dict:
    return {"ok": True}
