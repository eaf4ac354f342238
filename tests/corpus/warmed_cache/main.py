"""Cached getters the lifespan calls before it serves: their one slow call is made at
start-up (UJ002), and the background task the lifespan starts afterwards, and the routes,
find them filled. A getter nothing warms still stalls its first caller."""

import asyncio
import json
from contextlib import asynccontextmanager
from functools import lru_cache

from fastapi import FastAPI


@lru_cache
def get_config() -> dict:
    with open("config.json") as handle:  # expect: UJ002
        return json.load(handle)


@lru_cache
def get_templates() -> dict:
    with open("templates.json") as handle:  # expect: UJ001 (first call only)
        return json.load(handle)


async def prepare() -> None:
    get_config()


async def recover_pending() -> None:
    settings = get_config()
    await asyncio.sleep(settings.get("delay", 1))


@asynccontextmanager
async def lifespan(app: FastAPI):
    await prepare()
    app.state.recovery = asyncio.create_task(recover_pending())
    yield


app = FastAPI(lifespan=lifespan)


@app.get("/config")
async def config():
    return get_config()


@app.get("/templates")
async def templates():
    return get_templates()
