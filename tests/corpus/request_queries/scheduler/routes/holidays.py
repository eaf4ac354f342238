"""Public holidays from a calendar service, behind aiocache's `@cached`: the session is built
on a cache miss only, once a day per year asked for."""

import aiohttp
from aiocache import cached
from fastapi import APIRouter

router = APIRouter()


@cached(ttl=86400)
async def holidays(year: int) -> list:
    async with aiohttp.ClientSession() as session:  # ok: built on a cache miss only
        async with session.get(f"https://calendar.internal/{year}") as response:
            return await response.json()


@router.get("/holidays/{year}")
async def list_holidays(year: int) -> list:
    return await holidays(year)
