"""Jobs that take a lock only when given one: `Job.__init__` keeps `lock` in `self.lock`
and calls `self._claim()`, which writes the lock only `if self.lock:`."""

import redis

store = redis.Redis(host="cache")


class Job:
    def __init__(self, func, name: str | None = None, lock: str | None = None):
        self.func = func
        self.name = name or func.__name__
        self.lock = lock
        self._claim()
        store.hset("jobs", self.name, "pending")  # expect: UJ001

    def _claim(self) -> None:
        if self.lock:
            store.set(f"lock:{self.lock}", self.name)  # expect: UJ001 (only a locked job)


class Tracker:
    def start(self, func, name: str | None = None, lock: str | None = None) -> Job:
        return Job(func, name=name, lock=lock)
