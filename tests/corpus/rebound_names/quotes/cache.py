"""The module name rebound to the client it makes: after this line, `redis` is a
`redis.Redis`, and its `get` a network round trip."""

import json

import redis

redis = redis.Redis(host="localhost", decode_responses=True)


def cached_quote(symbol: str) -> dict | None:
    raw = redis.get(f"quote:{symbol}")  # expect: UJ001
    return json.loads(raw) if raw else None
