"""Path parameters: a route whose endpoint declares one its path lacks is answered 422 on
every request (the parameter is always missing), so its endpoint never runs."""

import os
from typing import Annotated

import requests
from fastapi import APIRouter, FastAPI, Path

STOCK_URL = "http://stock.internal"

API_PREFIX = os.environ.get("API_PREFIX", "/api/v1")

app = FastAPI()
stats = APIRouter()
shops = APIRouter(prefix="/shops/{shop_id}")


@stats.get("/stats/summary")
async def stats_summary(shop_id: int = Path(..., description="the shop")):
    return requests.get(f"{STOCK_URL}/stats/{shop_id}").json()  # ok: every request is a 422


@stats.get("/stats/top")
async def stats_top(shop_id: Annotated[int, Path()]):
    return requests.get(f"{STOCK_URL}/top/{shop_id}").json()  # ok: every request is a 422


@app.get("/items/{item_id}")
async def read_item(item_id: int = Path(..., ge=1)):
    return requests.get(f"{STOCK_URL}/items/{item_id}").json()  # expect: UJ001


@app.get("/files/{file_path:path}")
async def read_file(file_path: str = Path(...)):
    with open(file_path) as handle:  # expect: UJ001
        return handle.read()


@app.get("/owners/{uid}")
async def read_owner(owner_id: int = Path(..., alias="uid")):
    return requests.get(f"{STOCK_URL}/owners/{owner_id}").json()  # expect: UJ001


@shops.get("/orders")
async def shop_orders(shop_id: Annotated[int, Path()]):
    return requests.get(f"{STOCK_URL}/orders/{shop_id}").json()  # expect: UJ001


app.include_router(stats, prefix=API_PREFIX)  # (a version prefix unjam cannot read)
app.include_router(shops)
