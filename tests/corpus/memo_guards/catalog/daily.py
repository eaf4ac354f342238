"""A quiz kept in a file stamped with the day it was made: the loader gives back nothing once
the stamp is not today's, so the model is asked again each day (a miss per expiry, not a
first-call stall). A loader that keeps what it read forever, with no clock, is read once."""

import json
import os
from datetime import datetime

import requests
from fastapi import APIRouter

daily = APIRouter(prefix="/daily")
QUIZ_FILE = "quiz_cache.json"
TIPS_FILE = "tips.json"


def load_cached_quiz() -> list | None:
    if not os.path.exists(QUIZ_FILE):  # ok: a stat
        return None
    with open(QUIZ_FILE) as f:  # expect: UJ001
        data = json.load(f)
    return data["items"] if data["date"] == str(datetime.utcnow().date()) else None


@daily.post("/quiz")
async def quiz():
    cached = load_cached_quiz()
    if cached:
        return {"items": cached}
    items = requests.post("http://127.0.0.1:9/generate", timeout=30).json()  # expect: UJ001
    save_cached_quiz(items)
    return {"items": items}


def save_cached_quiz(items: list) -> None:
    with open(QUIZ_FILE, "w") as f:  # expect: UJ001
        json.dump({"date": str(datetime.utcnow().date()), "items": items}, f)



def load_cached_tips() -> list | None:
    if not os.path.exists(TIPS_FILE):  # ok: a stat
        return None
    with open(TIPS_FILE) as f:  # expect: UJ001
        return json.load(f)


def save_cached_tips(tips: list) -> None:
    with open(TIPS_FILE, "w") as f:  # expect: UJ001
        json.dump(tips, f)


@daily.get("/tips")
async def tips():
    cached = load_cached_tips()
    if cached:
        return cached
    found = requests.get("http://127.0.0.1:9/tips", timeout=30).json()  # expect: UJ001
    save_cached_tips(found)
    return found


_keys: dict | None = None


def signing_keys() -> dict:
    global _keys
    if _keys is not None:
        return _keys
    _keys = requests.get("http://127.0.0.1:9/jwks", timeout=5).json()  # expect: UJ001
    return _keys


@daily.get("/me")
async def me(kid: str):
    """An unknown key id drops the keys and fetches them again: any request may."""
    global _keys
    keys = signing_keys()
    if kid not in keys:
        _keys = None
        keys = signing_keys()
    return {"kid": kid, "known": kid in keys}


price_cache: dict = {}
fee_cache: dict = {}


@daily.get("/prices/{event_id}")
async def price(event_id: int):
    if price_cache.get(event_id):
        unit = price_cache[event_id]
    else:
        unit = requests.get(f"http://127.0.0.1:9/prices/{event_id}", timeout=5).json()  # expect: UJ001
        price_cache[event_id] = unit
    return unit


@daily.get("/fees/{event_id}")
async def fee(event_id: int):
    hit = fee_cache.get(event_id)
    if hit:
        value = hit
    else:
        value = requests.get(f"http://127.0.0.1:9/fees/{event_id}", timeout=5).json()  # expect: UJ001
        fee_cache[event_id] = value
    return value


import time  # noqa: E402


class JwksKeys:
    _cache: dict | None = None
    _fetched_at = 0.0
    TTL = 3600

    @classmethod
    def get(cls) -> dict:
        now = time.time()
        if cls._cache and now - cls._fetched_at < cls.TTL:
            return cls._cache
        cls._cache = requests.get("http://127.0.0.1:9/jwks", timeout=5).json()  # expect: UJ001
        cls._fetched_at = now
        return cls._cache


_rates: dict | None = None
_rates_at = 0.0


def exchange_rates() -> dict:
    global _rates, _rates_at
    if _rates is not None and time.time() - _rates_at < 600:
        return _rates
    _rates = requests.get("http://127.0.0.1:9/rates", timeout=5).json()  # expect: UJ001
    _rates_at = time.time()
    return _rates


@daily.get("/keys")
async def keys():
    return {"keys": JwksKeys.get(), "rates": exchange_rates()}


_model = None
_model_loaded = False


def load_model():
    global _model, _model_loaded
    if _model_loaded:
        return _model
    _model = requests.get("http://127.0.0.1:9/model", timeout=30).json()  # expect: UJ001
    _model_loaded = True
    return _model


class Index:
    def __init__(self) -> None:
        self._ready = False
        self._rows: list = []

    def rows(self) -> list:
        if self._ready:
            return self._rows
        self._rows = requests.get("http://127.0.0.1:9/rows", timeout=30).json()  # expect: UJ001
        self._ready = True
        return self._rows


index = Index()


@daily.get("/model")
async def model_status():
    return {"loaded": load_model() is not None, "rows": len(index.rows())}


from fastapi import Request  # noqa: E402


@daily.post("/jobs")
async def spawn_job(request: Request):
    factory = getattr(request.app.state, "job_factory", None)
    if factory is not None:
        return await factory()
    return requests.post("http://127.0.0.1:9/jobs", timeout=5).json()  # expect: UJ001


@daily.get("/client")
async def shared_client(request: Request):
    client = getattr(request.app.state, "rates_client", None)
    if client is not None:
        return client
    client = requests.get("http://127.0.0.1:9/client", timeout=5).json()  # expect: UJ001
    request.app.state.rates_client = client
    return client
