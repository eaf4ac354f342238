from starlette.middleware.base import BaseHTTPMiddleware


class Timing(BaseHTTPMiddleware):  # ok: only the app that cannot start registers it
    async def dispatch(self, request, call_next):
        return await call_next(request)
