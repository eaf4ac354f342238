"""Run by hand: `python scripts/backfill.py`. Not served by the app."""

import asyncio
import time

import requests


async def backfill(days: int) -> None:
    for day in range(days):
        requests.get(f"https://rates.internal/day/{day}", timeout=5)  # ok: CLI script
        time.sleep(0.1)  # ok: CLI script


if __name__ == "__main__":
    asyncio.run(backfill(30))
