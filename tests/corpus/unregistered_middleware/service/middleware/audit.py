from starlette.middleware.base import BaseHTTPMiddleware


class AuditMiddleware(BaseHTTPMiddleware):  # expect: UJ004
    async def dispatch(self, request, call_next):
        return await call_next(request)
