"""A middleware stack kept for a setup function nothing calls, in a package the served app
never imports: no app registers its classes, however its lists name them."""

import time

from starlette.middleware.base import BaseHTTPMiddleware


class TimingMiddleware(BaseHTTPMiddleware):  # ok: never registered
    async def dispatch(self, request, call_next):
        time.sleep(0.01)  # ok: never runs
        return await call_next(request)


STACK = [(TimingMiddleware, {})]


def apply_stack(app):
    for cls, options in STACK:
        app.add_middleware(cls, **options)
