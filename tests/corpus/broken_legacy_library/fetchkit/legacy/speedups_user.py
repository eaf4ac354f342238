"""An optional import, guarded: the module imports whether or not `speedups` exists."""

import os

try:
    from .speedups import fast_sort
except ImportError:
    fast_sort = sorted

__all__ = ["listing"]


async def listing(folder: str) -> list[str]:
    return fast_sort(os.listdir(folder))  # expect: UJ001 (the module imports either way)
