"""A lifespan that opens a pool through `init_pool()` (a fallback testing that pool never
runs while serving), and a search connection a route can reset (its fallback may run)."""

from contextlib import asynccontextmanager

from fastapi import FastAPI

from db import (
    close_pool,
    get_conn,
    init_pool,
    init_search,
    pooled_or_direct,
    reset_search,
    search_conn,
    signer_email,
)


@asynccontextmanager
async def lifespan(app: FastAPI):
    init_pool()
    init_search()
    yield
    close_pool()


app = FastAPI(lifespan=lifespan)  # expect: UJ006


@app.get("/orders")
def orders():
    with get_conn() as conn:
        return conn.execute("SELECT 1").fetchall()


@app.get("/direct")
def direct():
    return pooled_or_direct().execute("SELECT 1").fetchall()  # expect: UJ005


@app.get("/search")
def search():
    return search_conn().execute("SELECT 1").fetchall()  # expect: UJ005


@app.post("/search/reset")
def reset():
    reset_search()


@app.get("/signer")
async def signer():
    return signer_email()
