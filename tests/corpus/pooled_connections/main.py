"""A psycopg pool opened at start-up, a connection taken from it per request: that is what a
pool is for, and the connection's own setup (`SET search_path`) is this request's work, so
UJ003 says nothing of either. The sync dependency still holds a thread-pool token through
them (UJ005), and opening the pool in an async lifespan and waiting for its connections
blocks start-up (UJ002)."""

from contextlib import asynccontextmanager

from fastapi import Depends, FastAPI
from psycopg_pool import ConnectionPool

pool = ConnectionPool("postgresql://127.0.0.1/shop", open=False)


@asynccontextmanager
async def lifespan(app: FastAPI):
    pool.open(wait=True)  # expect: UJ002
    yield
    pool.close()  # expect: UJ002


app = FastAPI(lifespan=lifespan)  # expect: UJ006


def get_conn():
    # (UJ005 only: a pooled connection per request is no UJ003)
    with pool.connection() as conn:  # expect: UJ005
        conn.execute("SET search_path TO shop")  # ok: UJ003 (this connection's own setup)
        yield conn


@app.get("/orders/{order_id}")
def order(order_id: int, conn=Depends(get_conn)):
    return conn.execute("SELECT * FROM orders WHERE id = %s", (order_id,)).fetchone()  # expect: UJ005
