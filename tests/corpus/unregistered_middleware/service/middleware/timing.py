"""Exported for users to add themselves; the service never does (its README shows how):
its name is only an annotation here."""

from typing import Any

from starlette.middleware.base import BaseHTTPMiddleware


class TimingMiddleware(BaseHTTPMiddleware):  # ok (never registered)
    async def dispatch(self, request, call_next):
        return await call_next(request)


def watch_queries(engine: Any, middleware: TimingMiddleware) -> None:
    """Usage:

        app.add_middleware(TimingMiddleware)
    """
    engine.listener = middleware
