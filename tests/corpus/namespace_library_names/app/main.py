"""`import redis` in app/core/ is the library, not app/dependencies/redis.py."""

from fastapi import Depends, FastAPI

from app.dependencies.redis import get_redis

app = FastAPI()  # expect: UJ006


@app.get("/counter")
def counter(r=Depends(get_redis)) -> int:
    return r.incr("counter")  # expect: UJ005


@app.get("/cached/{key}")
async def cached(key: str, r=Depends(get_redis)) -> str:
    return r.get(key)  # expect: UJ001
