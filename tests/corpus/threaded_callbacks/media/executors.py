"""A helper that runs any callable in the loop's default executor through a lambda (the
shorthand of OpenHands' `call_sync_from_async`), and one that calls it right there: the
first offloads what a route hands it, the second does not."""

import asyncio
import os
from collections.abc import Callable


async def call_sync_from_async(fn: Callable, *args, **kwargs):
    loop = asyncio.get_event_loop()
    return await loop.run_in_executor(None, lambda: fn(*args, **kwargs))


async def call_here(fn: Callable, path: str):
    return fn(path)


def entries(path: str) -> int:
    return len(list(os.scandir(path)))  # expect: UJ001


def folder_size(path: str) -> int:
    return sum(entry.stat().st_size for entry in os.scandir(path))  # ok: in the executor


async def free_space(path: str) -> int:
    return await call_sync_from_async(folder_size, path)


async def free_here(path: str) -> int:
    return await call_here(entries, path)
