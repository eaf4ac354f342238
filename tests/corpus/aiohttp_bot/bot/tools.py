"""A maintenance command: it runs in a process of its own, so its blocking calls stall no
request."""

import asyncio
import shutil


async def prune_cache() -> None:
    shutil.rmtree("/srv/bot/cache")  # ok: a command's main, not the bot's loop


if __name__ == "__main__":
    asyncio.run(prune_cache())
