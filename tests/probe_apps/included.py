"""Routers included with prefixes, for tests/test_probe_included_routers.py: one included
under a prefix, one nested in another, one included twice under two prefixes, and a Starlette
route and a mounted app inside an include. Endpoints block the loop at known lines
(LINES).

FastAPI 0.165+ serves an included route as the original `APIRoute` (its path without the
include prefixes) plus an effective context with the full path; the probe must name every
route by its full path and count the two includes of one router apart.
"""

import time

from fastapi import APIRouter, Depends, FastAPI
from starlette.requests import Request
from starlette.responses import PlainTextResponse

from .support import marked_lines

items = APIRouter(prefix="/items")


@items.get("/{item_id}")
async def item(item_id: int):
    return {"item_id": item_id}


@items.get("/{item_id}/stall")
async def stalled_item(item_id: int):
    time.sleep(0.08)  # BLOCK-ENDPOINT
    return {"item_id": item_id}


async def slow_check() -> None:
    time.sleep(0.08)  # BLOCK-DEPENDENCY


@items.get("/{item_id}/checked", dependencies=[Depends(slow_check)])
async def checked_item(item_id: int):
    return {"item_id": item_id}


inner = APIRouter(prefix="/inner")


@inner.get("/leaf")
async def leaf():
    return {"leaf": True}


outer = APIRouter(prefix="/outer")
outer.include_router(inner, prefix="/nested")

shared = APIRouter(prefix="/shared")


@shared.get("/ping")
async def ping():
    return {"pong": True}


@shared.get("/stall")
async def stalled_shared():
    time.sleep(0.08)  # BLOCK-SHARED
    return {"pong": True}


def plain(request: Request) -> PlainTextResponse:
    return PlainTextResponse("plain")


sub = FastAPI()


@sub.get("/deep")
async def deep():
    return {"deep": True}


extras = APIRouter()
extras.add_route("/plain", plain)
extras.mount("/sub", sub)

app = FastAPI()
app.include_router(items, prefix="/v1")
app.include_router(outer, prefix="/v2")
app.include_router(shared, prefix="/a")
app.include_router(shared, prefix="/b")
app.include_router(extras, prefix="/v3")


@app.get("/top")
async def top():
    return {"top": True}


LINES = marked_lines(__file__, ("endpoint", "dependency", "shared"))
