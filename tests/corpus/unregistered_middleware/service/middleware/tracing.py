from starlette.middleware.base import BaseHTTPMiddleware


class TraceMiddleware(BaseHTTPMiddleware):  # expect: UJ004
    async def dispatch(self, request, call_next):
        return await call_next(request)


class Tracing:
    """Registered by a method: its calls may go through attributes unjam cannot type, so a
    method counts as called."""

    def install(self, app) -> None:
        app.add_middleware(TraceMiddleware)
