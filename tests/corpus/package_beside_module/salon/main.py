"""Run from its folder (`cd salon && uvicorn main:app`): `store` is the package store/, which
Python finds before store.py beside it; store.py is a copy no import reaches."""

from fastapi import FastAPI

app = FastAPI()


@app.get("/bookings/{code}")
async def booking(code: str):
    from store import open_store  # the package has no `open_store`: ImportError, a 500

    return open_store().find(code)


@app.get("/bookings")
async def bookings():
    from store import records

    return records.all_bookings()
