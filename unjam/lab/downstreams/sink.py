"""Seed 001's rate-limited downstream (Chargebee, in the report): 429 above its limit.

`POST /deliver` with an `x-message-id` header is accepted while the token bucket
(`LAB_SINK_RATE` per second, burst `LAB_SINK_BURST`) has a token, else answered 429 with a
`Retry-After`. Every accepted delivery is counted per message id, so a message delivered
twice shows up as a duplicate — the sink never dedupes silently. The body's `id` (the
invoice id) is recorded too, so the lab can match deliveries to the webhooks it sent.
`GET /stats` reports the counts, `GET /ids` the invoice ids with their delivery counts;
`POST /reset` clears them.
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

RATE = float(os.environ.get("LAB_SINK_RATE", "100"))
BURST = float(os.environ.get("LAB_SINK_BURST", str(max(1.0, RATE / 10))))


class TokenBucket:
    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


bucket = TokenBucket(RATE, BURST)
deliveries: Counter[str] = Counter()
invoices: Counter[str] = Counter()
rejected = 0


async def deliver(request: Request) -> Response:
    global rejected
    body = await request.body()
    message_id = request.headers.get("x-message-id")
    if not message_id:
        return JSONResponse({"error": "x-message-id header is required"}, status_code=400)
    if not bucket.take():
        rejected += 1
        return JSONResponse(
            {"error": "rate limited"}, status_code=429, headers={"retry-after": "1"}
        )
    deliveries[message_id] += 1
    try:
        invoices[str(json.loads(body).get("id"))] += 1
    except (ValueError, AttributeError):
        invoices["<unparseable>"] += 1
    return JSONResponse({"delivered": message_id})


def stats_dict() -> dict:
    total = sum(deliveries.values())
    return {
        "deliveries": total,
        "unique": len(deliveries),
        "duplicates": total - len(deliveries),
        "duplicated_ids": sorted(k for k, n in deliveries.items() if n > 1)[:20],
        "rejected_429": rejected,
        "rate_limit": RATE,
    }


async def stats(request: Request) -> JSONResponse:
    return JSONResponse(stats_dict())


async def ids(request: Request) -> JSONResponse:
    return JSONResponse(dict(invoices))


async def reset(request: Request) -> JSONResponse:
    global rejected
    deliveries.clear()
    invoices.clear()
    rejected = 0
    return JSONResponse({"reset": True})


app = Starlette(
    routes=[
        Route("/deliver", deliver, methods=["POST"]),
        Route("/stats", stats),
        Route("/ids", ids),
        Route("/reset", reset, methods=["POST"]),
    ]
)
