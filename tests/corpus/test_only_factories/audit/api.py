"""An audit API only the tests build (`create_audit_api()` in a fixture): nothing the program
runs calls or names it."""

import time

from fastapi import FastAPI
from starlette.middleware.base import BaseHTTPMiddleware


class AuditAuth(BaseHTTPMiddleware):  # ok: only the unlaunched factory adds it
    async def dispatch(self, request, call_next):
        time.sleep(0.01)  # ok: never serves
        return await call_next(request)


def create_audit_api() -> FastAPI:
    app = FastAPI()
    app.add_middleware(AuditAuth)
    app.add_middleware(RequestTiming)

    @app.get("/audit/export")
    async def export() -> str:
        with open("/var/audit/export.csv") as handle:  # ok: never serves
            return handle.read()

    return app


class RequestTiming(BaseHTTPMiddleware):  # expect: UJ004
    async def dispatch(self, request, call_next):
        return await call_next(request)


# (a list the module body holds, which any app may take: the class stays served)
DEFAULT_MIDDLEWARE = [RequestTiming]
