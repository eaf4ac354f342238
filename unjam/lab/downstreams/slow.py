"""A downstream HTTP service that answers after a fixed delay (`LAB_DELAY_MS`).

It stands in for the seeds' slow dependencies: the Google translation API (seed 003, ~180 ms
per call), the 100 health endpoints (seed 002, 200 ms each) and the appendix's "internal
URL" (seed 001). It is async (Starlette on uvicorn), so 100 concurrent calls wait in
parallel and the downstream itself is never the bottleneck being measured.

Routes: `GET /health/{n}` → {"status": "ok"}; `POST /translate` with
{"q": text, "target": lang} → {"translatedText": ...}; anything else → {"ok": true}.
"""

from __future__ import annotations

import asyncio
import json
import os

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

DELAY_S = float(os.environ.get("LAB_DELAY_MS", "200")) / 1000.0


async def health(request: Request) -> JSONResponse:
    await asyncio.sleep(DELAY_S)
    return JSONResponse({"status": "ok", "endpoint": request.path_params["n"]})


async def translate(request: Request) -> JSONResponse:
    payload = json.loads(await request.body() or b"{}")
    await asyncio.sleep(DELAY_S)
    text = str(payload.get("q", ""))
    return JSONResponse(
        {"translatedText": f"[{payload.get('target', 'en')}] {text[::-1]}", "input": text}
    )


async def anything(request: Request) -> JSONResponse:
    await request.body()
    await asyncio.sleep(DELAY_S)
    return JSONResponse({"ok": True})


app = Starlette(
    routes=[
        Route("/health/{n}", health),
        Route("/translate", translate, methods=["POST"]),
        Route("/{path:path}", anything, methods=["GET", "POST"]),
    ]
)
