"""Left over from an earlier layout: it registers its middleware on an app it imports from
`gateway.legacy_server`, a module the package no longer holds. Nothing imports this module,
and it could not be imported anyway: the middleware is on no app — also the one named like
the app's own `TimingMiddleware` (gateway/middleware.py), which is another class."""

from starlette.middleware.base import BaseHTTPMiddleware

from gateway.legacy_server import app


class LegacySessionMiddleware(BaseHTTPMiddleware):  # ok: registered on no app that runs
    async def dispatch(self, request, call_next):
        return await call_next(request)


app.add_middleware(LegacySessionMiddleware)


class TimingMiddleware(BaseHTTPMiddleware):  # ok: not the app's TimingMiddleware
    async def dispatch(self, request, call_next):
        return await call_next(request)


app.add_middleware(TimingMiddleware)
