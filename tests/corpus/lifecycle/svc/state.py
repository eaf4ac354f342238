import json
import os
import shutil
from contextlib import asynccontextmanager

import anyio.to_thread
import httpx
import requests
import sqlite3
from fastapi import FastAPI

from svc.audit import configure_audit
from svc.native import (
    Dispatcher,
    start_bridge,
    start_catalog,
    start_native_server,
    start_toolchain,
)
from svc.repos import open_repository

INDEX = "/var/lib/svc/tools.json"


def load_settings() -> dict:
    with open("/etc/svc/settings.toml", "rb") as fh:  # expect: UJ002
        return {"raw": fh.read()}


async def warm_cache(client: httpx.Client) -> None:
    client.get("https://svc.internal/warm")  # expect: UJ002


@asynccontextmanager
async def lifespan(app: FastAPI):
    anyio.to_thread.current_default_thread_limiter().total_tokens = 80  # ok
    app.state.settings = load_settings()
    app.state.http = httpx.Client(base_url="https://inventory.internal")  # ok: once
    app.state.db = sqlite3.connect("/var/lib/svc.db", check_same_thread=False)  # expect: UJ002
    await warm_cache(app.state.http)
    app.state.native = start_native_server(Dispatcher())
    app.state.toolchain = start_toolchain(Dispatcher())
    app.state.bridge = start_bridge()
    app.state.catalog = start_catalog()
    configure_audit()
    prepare_scratch()
    yield
    app.state.http.close()  # ok: close is not reported
    shutil.rmtree("/var/cache/svc", ignore_errors=True)  # expect: UJ002 (at shutdown)
    prune_scratch()


def prepare_scratch() -> None:
    prune_scratch()


def prune_scratch() -> int:
    """Reached at start-up (through prepare_scratch) and, nearer, at shutdown: one start-up
    finding, printed through the start-up code."""
    return len(os.listdir("/var/tmp/svc/scratch"))  # expect: UJ002


def on_start() -> None:
    requests.post("https://registry.internal/register")  # expect: UJ002
    load_tool_index()
    open_repository()


def load_tool_index() -> dict:
    """The rebuild below the `return` was switched off: it never runs."""
    if not os.path.exists(INDEX):
        raise RuntimeError("build the tool index first")
        shutil.rmtree("/var/cache/svc/tools")  # ok: after the `raise`
    with open(INDEX) as fh:  # expect: UJ002
        index = json.load(fh)
    return index
    with open(INDEX, "w") as fh:  # ok: after the `return`
        json.dump(rebuild(index), fh)  # ok


def rebuild(index: dict) -> dict:
    return index


def ping_registry() -> None:
    """Only main.py's app lists it in `on_startup=`, beside a lifespan: it never runs."""
    requests.get("https://registry.internal/ping")  # ok: replaced by the lifespan
