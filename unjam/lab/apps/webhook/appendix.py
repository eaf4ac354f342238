"""Seed 001's appendix: what does a do-nothing endpoint cost on this server?

The seed measured each endpoint at `vegeta attack -rate 500 -duration 5s` with 200 worker
threads (requests/s): do-nothing sync 461.5, async 432.2; with body sync 408.8, async 411.2;
with a pydantic model sync 354.6, async 374.5; with an outbound HTTP call sync 160.0 (requests),
async 252.3 (aiohttp); body + HTTP call ("do-something") sync 152.6, async 212.3.
The "internal URL" is the lab's slow service at `LAB_INTERNAL_URL`.
"""

import os

import aiohttp
import requests
from fastapi import Depends, FastAPI, Request
from fastapi.responses import JSONResponse

from unjam.lab.apps.pool import thread_pool_lifespan
from unjam.lab.apps.webhook.models import Invoice as PendingInvoiceCreated

INTERNAL_URL = os.environ.get("LAB_INTERNAL_URL", "http://127.0.0.1:9/internal")

app = FastAPI(lifespan=thread_pool_lifespan(200))


async def get_body(request: Request) -> str:
    body = await request.body()
    return body.decode("utf-8")


@app.post("/do-nothing-sync")
def do_nothing_sync() -> JSONResponse:
    return JSONResponse(status_code=200, content={"success": "Do nothing sync"})


@app.post("/do-nothing-async")
async def do_nothing_async() -> JSONResponse:
    return JSONResponse(status_code=200, content={"success": "Do nothing async"})


@app.post("/do-nothing-sync-body")
def do_nothing_sync_body(body_str: str = Depends(get_body)) -> JSONResponse:
    return JSONResponse(status_code=200, content={"success": f"Do nothing sync {body_str[:10]}"})


@app.post("/do-nothing-async-body")
async def do_nothing_async_body(request: Request) -> JSONResponse:
    body = await request.body()
    body_str = body.decode("utf-8")
    return JSONResponse(status_code=200, content={"success": f"Do nothing async {body_str[:10]}"})


@app.post("/do-nothing-sync-model-body")
def do_nothing_sync_model_body(payload: PendingInvoiceCreated) -> JSONResponse:
    return JSONResponse(status_code=200, content={"success": f"Do nothing sync model {payload.id}"})


@app.post("/do-nothing-async-model-body")
async def do_nothing_async_model_body(payload: PendingInvoiceCreated) -> JSONResponse:
    return JSONResponse(
        status_code=200, content={"success": f"Do nothing async model {payload.id}"}
    )


@app.post("/do-nothing-sync-http")
def do_nothing_sync_http() -> JSONResponse:
    response = requests.get(INTERNAL_URL, timeout=30)
    return JSONResponse(
        status_code=200, content={"success": f"Do nothing sync http {response.status_code}"}
    )


@app.post("/do-nothing-async-http")
async def do_nothing_async_http() -> JSONResponse:
    async with aiohttp.ClientSession() as session, session.get(INTERNAL_URL) as resp:
        return JSONResponse(
            status_code=200, content={"success": f"Do nothing async http {resp.status}"}
        )


@app.post("/do-something-sync")
def do_something(key: str, body_str: str = Depends(get_body)) -> JSONResponse:
    response = requests.get(INTERNAL_URL, timeout=30)
    return JSONResponse(
        status_code=200,
        content={"success": f"Do something sync {response.status_code} {key} {body_str[:10]}"},
    )


@app.post("/do-something-async")
async def do_something_async(request: Request, key: str) -> JSONResponse:
    body = await request.body()
    body_str = body.decode("utf-8")
    async with aiohttp.ClientSession() as session, session.get(INTERNAL_URL) as resp:
        return JSONResponse(
            status_code=200,
            content={"success": f"Do something async {resp.status} {key} {body_str[:10]}"},
        )
