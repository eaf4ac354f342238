"""Interfaces of dunders only: every callable has a `__call__`, every context manager an
`__enter__`, so they say nothing of which class implements them."""

import time
from typing import Protocol


class Hook(Protocol):
    def __call__(self, event: str) -> None: ...


class Guard(Protocol):
    def __enter__(self) -> None: ...

    def __exit__(self, *exc: object) -> None: ...


class SlowAudit:
    def __call__(self, event: str) -> None:
        time.sleep(0.5)  # ok (nothing says a Hook is a SlowAudit)


class FileLock:
    def __enter__(self) -> None:
        open("app.lock", "x").close()  # ok (nothing says a Guard is a FileLock)

    def __exit__(self, *exc: object) -> None:
        return None


audit = SlowAudit()
lock = FileLock()


def fire(hook: Hook, guard: Guard, event: str) -> None:
    with guard:
        hook(event)
