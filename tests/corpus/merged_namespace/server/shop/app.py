"""Served with `uvicorn shop.app:app` from server/: it starts, so its routes are checked."""

import time

from fastapi import FastAPI

import ledger.api_client.types as client_types  # ok (the generated client's module)
from ledger.api_client import ShopApi  # ok (bound by the module put in its place)
from shop.integrations.shop.exceptions import SelfWebhookError

app = FastAPI()


@app.post("/webhooks/self")
async def self_webhook(payload: dict) -> dict:
    if not payload:
        raise SelfWebhookError("empty")
    time.sleep(0.2)  # expect: UJ001
    return {"ok": True, "api": ShopApi.__name__, "types": client_types.__name__}
