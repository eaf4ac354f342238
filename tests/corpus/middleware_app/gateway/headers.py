"""Installed only when asked, and every call of `install` says no."""

from starlette.middleware.base import BaseHTTPMiddleware


class SecurityHeaders(BaseHTTPMiddleware):  # ok: never installed (enable_headers=False)
    async def dispatch(self, request, call_next):
        response = await call_next(request)
        response.headers["X-Frame-Options"] = "DENY"
        return response


def install(app, enable_headers: bool = True) -> None:
    if enable_headers:
        app.add_middleware(SecurityHeaders)
