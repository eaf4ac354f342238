from starlette.middleware.base import BaseHTTPMiddleware


class OriginCheckMiddleware(BaseHTTPMiddleware):  # expect: UJ004
    """Registered by its module's name: `app.add_middleware(security.OriginCheckMiddleware)`."""

    async def dispatch(self, request, call_next):
        return await call_next(request)
