"""A webhook: a field of the event the caller hands over is tested per call (also through a
local read from it), and a cache the caller hands over is a memo."""

import requests
from fastapi import APIRouter, Request

hooks = APIRouter(prefix="/hooks")


def on_update(event: dict) -> None:
    subscription = event["data"]["object"]
    if not subscription.get("cancel_at_period_end"):
        requests.post("https://billing.internal/cancel", json=subscription)  # expect: UJ001


def price_of(plan: str, price_cache: dict) -> dict:
    hit = price_cache.get(plan)
    if hit is None:
        hit = price_cache[plan] = requests.get(f"https://billing.internal/{plan}").json()  # expect: UJ001
    return hit


PRICES: dict = {}


@hooks.post("/billing")
async def billing(request: Request):
    event = await request.json()
    on_update(event)
    return price_of(event["plan"], PRICES) | {"text": describe(event["rows"], event["plan"])}


def describe(rows: dict, name: str) -> str:
    text = ""
    row = rows.get(name)
    if row:
        text = row["text"]
    if not text:  # the rows the caller built for this request: a test per call, no memo
        text = write(name)
    return text


def write(name: str) -> str:
    return requests.get(f"https://writer.internal/{name}").text  # expect: UJ001


# (imported here, below the earlier cases, so their lines stay where the tests expect them)
from cachetools import TTLCache  # noqa: E402

TICKERS = TTLCache(maxsize=5, ttl=60)


def tickers() -> dict:
    if "all" in TICKERS:
        return TICKERS["all"]
    fresh = requests.get("https://exchange.internal/tickers").json()  # expect: UJ001
    TICKERS["all"] = fresh
    return fresh


@hooks.get("/tickers")
async def ticker_board():
    return tickers()
