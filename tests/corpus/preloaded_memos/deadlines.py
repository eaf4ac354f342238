import asyncio
from collections.abc import Callable


async def run_with_deadline(work: Callable[[], None], seconds: float = 5.0) -> None:
    """Runs `work` in a worker thread, giving up after `seconds`."""
    await asyncio.wait_for(asyncio.to_thread(work), seconds)
