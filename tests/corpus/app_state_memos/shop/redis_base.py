"""A Redis holder whose client is made on first use: once per instance."""

from redis import asyncio as aioredis


class RedisBase:
    def __init__(self, url: str):
        self.url = url
        self._redis = None

    async def __aenter__(self):
        await self.connect()
        return self

    async def __aexit__(self, *exc):
        return None

    @property
    def redis(self):
        if self._redis is None:
            self._redis = aioredis.from_url(self.url)  # ok: once per kept instance
        return self._redis

    async def connect(self):
        await self.redis.ping()


class Limiter(RedisBase):
    async def hit(self, key: str) -> int:
        return await self.redis.incr(key)
