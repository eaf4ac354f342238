"""Served with `uvicorn acme.api.app:app` once both distributions are installed: the import
of `acme.core` finds the other distribution's portion of the namespace, so the app starts
and its route's blocking call is found there."""

from fastapi import FastAPI

from acme.api.settings import PRICE_TTL
from acme.core.catalog import fetch_prices  # ok

app = FastAPI()


@app.get("/prices/{sku}")
async def prices(sku: str) -> dict:
    return {"ttl": PRICE_TTL, **fetch_prices(sku)}
