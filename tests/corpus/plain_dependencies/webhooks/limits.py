import time

from fastapi import Depends, Request


def ip_limiter(limit: int = 60):
    """Builds the dependency; callers must wrap it: `Depends(ip_limiter())`."""

    async def check(request: Request) -> None:
        time.sleep(0.01)  # ok: no app that uses it starts

    return check


def guarded():
    return Depends(ip_limiter())
