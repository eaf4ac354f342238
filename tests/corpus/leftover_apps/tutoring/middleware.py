"""Middleware the old app's builder adds through this helper; the served app adds none."""

from starlette.middleware.base import BaseHTTPMiddleware


class SecurityHeaders(BaseHTTPMiddleware):  # ok: only the old copy's builder adds it
    async def dispatch(self, request, call_next):
        response = await call_next(request)
        response.headers["X-Frame-Options"] = "DENY"
        return response


def configure_security(app):
    app.add_middleware(SecurityHeaders)
