"""A callable interface: every class with a `__call__` has its one method."""

import time
from typing import Protocol


class Hook(Protocol):
    def __call__(self, event: str) -> None: ...


class SlowAudit:
    def __call__(self, event: str) -> None:
        time.sleep(0.5)  # ok (nothing says a Hook is a SlowAudit)


audit = SlowAudit()


def fire(hook: Hook, event: str) -> None:
    hook(event)
