"""Cache-aside through a helper that calls what it is handed only on a miss."""

import time

import httpx


class TTLCache:
    def __init__(self) -> None:
        self._values: dict[str, tuple[float, float]] = {}

    def get(self, key: str) -> float | None:
        hit = self._values.get(key)
        return hit[0] if hit and hit[1] > time.time() else None

    async def save_result(self, fetch, key: str, expiry: float = 60) -> float:
        cached = self.get(key)
        if cached:
            return cached
        else:
            value = await fetch()
            self._values[key] = (value, time.time() + expiry)
            return value


cache = TTLCache()


async def fetch_rate(currency: str) -> float:
    async with httpx.AsyncClient() as client:  # ok: once per currency a minute, on a miss
        return float((await client.get(f"https://rates.example/{currency}")).text)


async def rate(currency: str) -> float:
    return await cache.save_result(lambda: fetch_rate(currency), f"rate:{currency}")


shared_http = httpx.AsyncClient(base_url="https://rates.example")


async def history(currency: str) -> str:
    try:
        return (await shared_http.get(f"/history/{currency}")).text
    except httpx.ConnectError:
        # a fresh client for the retry: built only when the shared one failed to connect
        async with httpx.AsyncClient(base_url="https://rates.example") as retry:  # ok
            return (await retry.get(f"/history/{currency}")).text
