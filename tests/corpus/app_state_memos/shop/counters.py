"""The same shape, but a route builds an instance on each request: a client each time."""

from redis import asyncio as aioredis


class Counter:
    def __init__(self, url: str):
        self.url = url
        self._redis = None

    @property
    def redis(self):
        if self._redis is None:
            self._redis = aioredis.from_url(self.url)  # expect: UJ003
        return self._redis

    async def bump(self, key: str) -> int:
        return await self.redis.incr(key)
