import asyncio
import time


async def refresh_cache() -> None:
    time.sleep(0.5)  # expect: UJ001


def schedule_refresh() -> None:
    asyncio.get_running_loop().create_task(refresh_cache())  # ok: only makes the coroutine
