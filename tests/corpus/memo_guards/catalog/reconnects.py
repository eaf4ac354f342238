"""A connection flag set back to False only when connecting fails (`except …: self._connected
= False`) is still a memo: the client is made again after a failure, not on every request.
A flag a method sets back after each use is no memo: what its test guards runs every time."""

import redis.asyncio as aioredis
from fastapi import APIRouter

reconnects = APIRouter(prefix="/reconnects")
URL = "redis://quotes.internal"


class QuoteFeed:
    def __init__(self) -> None:
        self.client: aioredis.Redis | None = None
        self._connected = False

    async def connect(self) -> bool:
        try:
            self.client = aioredis.from_url(URL)  # ok (again only after a failed connect)
            await self.client.ping()
            self._connected = True
            return True
        except Exception:
            self._connected = False
            return False

    async def latest(self, symbol: str) -> bytes | None:
        if not self._connected:
            await self.connect()
        return await self.client.get(symbol)


_feed: QuoteFeed | None = None


async def get_feed() -> QuoteFeed:
    global _feed
    if _feed is None:
        _feed = QuoteFeed()
        await _feed.connect()
    return _feed


class Ticker:
    def __init__(self) -> None:
        self.client: aioredis.Redis | None = None
        self._open = False

    async def open(self) -> None:
        self.client = aioredis.from_url(URL)  # expect: UJ003
        self._open = True

    async def tick(self, symbol: str) -> bytes | None:
        if not self._open:
            await self.open()
        try:
            return await self.client.get(symbol)
        finally:
            await self.client.aclose()
            self._open = False


ticker = Ticker()


@reconnects.get("/quotes/{symbol}")
async def quote(symbol: str):
    feed = await get_feed()
    return {"latest": await feed.latest(symbol)}


@reconnects.get("/ticks/{symbol}")
async def tick(symbol: str):
    return {"tick": await ticker.tick(symbol)}
