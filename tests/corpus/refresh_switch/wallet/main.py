"""A cache a caller bypasses: `balances` passes `force=True`, so the request goes out on
every call whatever the cache holds (a switch beside the held value is no memo of it)."""

import time

import requests
from fastapi import FastAPI

app = FastAPI()  # expect: UJ006
_balances: dict[str, float] = {}
_fetched_at = 0.0


def get_balances(force: bool = False) -> dict[str, float]:
    global _balances, _fetched_at
    now = time.time()
    if not force and _balances and now - _fetched_at < 5.0:
        return _balances
    reply = requests.get("http://127.0.0.1:9000/assets", timeout=5)  # expect: UJ005
    _balances, _fetched_at = reply.json(), now
    return _balances


@app.get("/balances")
def balances():
    return {"balances": get_balances(force=True)}
