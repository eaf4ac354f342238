"""A local assigned in two branches: the method a call makes is the class built in its own
branch, not the first class the local is seen to hold."""

import os


class DiskCache:
    def prepare(self) -> None:
        os.makedirs("/var/cache/notify", exist_ok=True)  # ok: only ever prepared by start-up code

    def clear(self) -> None:
        os.remove("/var/cache/notify/index")  # expect: UJ001


class MemoryCache:
    def prepare(self) -> None:
        self.items: dict = {}

    def clear(self) -> None:
        self.items = {}


def pick_cache(shared: DiskCache | None = None):
    if shared is not None:
        cache = shared
    else:
        cache = MemoryCache()
        cache.prepare()  # the memory cache's: nothing to wait for
    return cache


def reset(shared: DiskCache | None = None) -> None:
    cache = MemoryCache()
    if shared is not None:
        cache = DiskCache()
        cache.clear()  # the disk cache's, built in this branch
