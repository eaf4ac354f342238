"""A left-over module: the package `src/middleware/` beside it is what every import finds."""

from starlette.middleware.base import BaseHTTPMiddleware


class Observability(BaseHTTPMiddleware):  # ok: shadowed, never imported
    async def dispatch(self, request, call_next):
        return await call_next(request)
