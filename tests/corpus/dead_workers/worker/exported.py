"""A coroutine only `__all__` names: offered to importers, so an entry."""

import time


async def compact() -> None:
    time.sleep(1)  # expect: UJ001


__all__ = ["compact"]
