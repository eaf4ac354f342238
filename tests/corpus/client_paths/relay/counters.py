"""Redis clients over a pool: one built at import and handed in is shared, one built per
request is a pool of its own."""

import redis
from fastapi import APIRouter

router = APIRouter()

POOL = redis.ConnectionPool(host="cache", port=6379, max_connections=20)


@router.post("/counters/{name}")
def bump(name: str):
    client = redis.Redis(connection_pool=POOL)  # ok: the module's pool is shared
    return {"value": client.incr(name)}


@router.post("/counters/{name}/reset")
def reset(name: str):
    pool = redis.ConnectionPool(host="cache", port=6379)  # expect: UJ003
    client = redis.Redis(connection_pool=pool)
    client.delete(name)
    return {"value": 0}
