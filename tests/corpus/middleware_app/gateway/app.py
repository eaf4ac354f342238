import os
from pathlib import Path

from fastapi import FastAPI, Request
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware

from .audit import resolve_peer, tag_tenant
from .handlers import QuotaExceeded, on_quota, on_value_error
from .middleware import GitRevisionMiddleware, HostnameMiddleware, TimingMiddleware

app = FastAPI(middleware=[Middleware(TimingMiddleware)])  # expect: UJ006
app.add_middleware(HostnameMiddleware)
app.add_middleware(GitRevisionMiddleware)
app.add_middleware(BaseHTTPMiddleware, dispatch=resolve_peer)  # expect: UJ004
app.user_middleware.insert(0, Middleware(BaseHTTPMiddleware, tag_tenant))  # expect: UJ004
app.add_exception_handler(ValueError, on_value_error)
app.add_exception_handler(QuotaExceeded, on_quota)
# setup_metrics(app)

STATIC = Path("/srv/static")


@app.middleware("http")  # expect: UJ004
async def add_version_header(request: Request, call_next):
    version = (STATIC / "VERSION").read_text()  # expect: UJ001
    response = await call_next(request)
    response.headers["x-version"] = version
    return response


@app.exception_handler(KeyError)
async def on_key_error(request: Request, exc: KeyError):
    os.system("logger missing-key")  # expect: UJ001
    return {"error": "missing"}


@app.get("/health")
async def health():
    return {"ok": True}


from .handlers import stamp_request  # noqa: E402

app.middleware("http")(stamp_request)  # expect: UJ004

from .timing import time_request  # noqa: E402

app.middleware("http")(time_request)  # expect: UJ004

from .access_log import access_log  # noqa: E402

app.middleware("http")(access_log)  # expect: UJ004

from .headers import install  # noqa: E402

install(app, enable_headers=False)
