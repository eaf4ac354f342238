import time

from starlette.middleware.base import BaseHTTPMiddleware


class AuditMiddleware(BaseHTTPMiddleware):  # expect: UJ004
    async def dispatch(self, request, call_next):
        time.sleep(0.01)  # expect: UJ001
        return await call_next(request)
