"""`_memory_mode` is chosen as the one engine is built and never set again: `if not
self._memory_mode:` is a switch, not a memo, so the pipeline runs on every drain cycle."""

import asyncio

import redis
from fastapi import FastAPI


class AlertEngine:
    def __init__(self, rdb=None):
        self.redis = rdb
        self._memory_mode = rdb is None
        self._flushed = {}

    def flush(self):
        if not self._memory_mode:
            pipe = self.redis.pipeline(transaction=False)
            pipe.zadd("alerts", {"cpu": 1.0})
            pipe.execute()  # expect: UJ001

    def warm(self):
        if self._flushed.get("warm"):
            return
        self.redis.ping()  # expect: UJ001
        self._flushed["warm"] = True  # a memo: filled by this method

    async def drain(self):
        self.warm()
        while True:
            self.flush()
            await asyncio.sleep(0.5)


engine = AlertEngine(redis.Redis.from_url("redis://localhost:6379/0"))
app = FastAPI()


@app.on_event("startup")
async def start():
    asyncio.create_task(engine.drain())
