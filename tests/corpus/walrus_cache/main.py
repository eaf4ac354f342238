"""Cache-aside written with a walrus: `if (cached := await redis.get(key)) is not None:
return …` holds `cached` as `cached = …` then `if cached is not None:` would, so the client
built below it runs on a miss only. A walrus test that returns nothing guards nothing."""

import httpx
from fastapi import FastAPI, Request
from redis.asyncio import Redis

from places import router

app = FastAPI()
app.include_router(router)
redis = Redis()


async def daily_rate(currency: str) -> str:
    key = f"rate:{currency}"
    if (cached := await redis.get(key)) is not None:
        return cached.decode()
    async with httpx.AsyncClient(timeout=5) as client:  # ok: on a cache miss only
        rate = (await client.get(f"https://rates.example/{currency}")).text
    await redis.set(key, rate, ex=86400)
    return rate


@app.get("/rates/{currency}")
async def rate(currency: str):
    return {"rate": await daily_rate(currency)}


@app.get("/echo")
async def echo(request: Request):
    if (trace := request.headers.get("x-trace")) is not None:
        print(trace)
    async with httpx.AsyncClient(timeout=5) as client:  # expect: UJ003
        return (await client.get("https://echo.example/")).json()
