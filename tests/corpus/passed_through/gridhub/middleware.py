"""Two BaseHTTPMiddleware subclasses: one replaces `__call__` (pure ASGI in effect), one is
the real thing."""

from starlette.middleware.base import BaseHTTPMiddleware


class DeadlineMiddleware(BaseHTTPMiddleware):  # ok
    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        return await self.app(scope, receive, send)


class TimingMiddleware(BaseHTTPMiddleware):  # expect: UJ004
    async def dispatch(self, request, call_next):
        return await call_next(request)


class TracedMiddleware(BaseHTTPMiddleware):  # expect: UJ004
    async def __call__(self, scope, receive, send):
        await super().__call__(scope, receive, send)

    async def dispatch(self, request, call_next):
        return await call_next(request)
