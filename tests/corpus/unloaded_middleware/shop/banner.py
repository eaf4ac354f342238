from starlette.middleware.base import BaseHTTPMiddleware


class BannerMiddleware(BaseHTTPMiddleware):  # expect: UJ004
    async def dispatch(self, request, call_next):
        return await call_next(request)
