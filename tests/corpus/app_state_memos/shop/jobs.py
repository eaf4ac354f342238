"""A worker job builds a limiter of its own on each call: the class has many instances, so
only the kept one's memo holds across requests."""

from shop.redis_base import Limiter


async def nightly_reset(key: str) -> int:
    return await Limiter("redis://cache").hit(key)
