"""Includes unjam reads through what wraps them: `cast(Any, sensors)` is `sensors`, and a
mount of the project's own StaticFiles subclass serves files, no router. The router nothing
includes serves nothing."""

from typing import Any, cast

import requests
from fastapi import APIRouter, FastAPI
from fastapi.staticfiles import StaticFiles

sensors = APIRouter(prefix="/sensors")
unused = APIRouter(prefix="/unused")


@sensors.get("/{sid}")
def sensor(sid: int):
    return requests.get(f"http://127.0.0.1:9/{sid}", timeout=5).json()  # expect: UJ005


@unused.get("/x")
def never():
    return requests.get("http://127.0.0.1:9/x", timeout=5).json()  # ok: never included


class CachedStatic(StaticFiles):
    pass


app = FastAPI()  # expect: UJ006
app.include_router(cast(Any, sensors))
app.mount("/static", CachedStatic(directory="static"), name="static")
