import json
import shutil

from fastapi import Request
from fastapi.responses import JSONResponse


class QuotaExceeded(Exception):
    pass


async def on_value_error(request: Request, exc: ValueError):
    shutil.copy("/var/log/app.log", "/var/log/app.log.1")  # expect: UJ001
    return JSONResponse({"error": str(exc)}, status_code=400)


def on_quota(request: Request, exc: QuotaExceeded):
    with open("/var/lib/quota.json") as fh:  # ok: sync handler, thread pool
        return JSONResponse(json.load(fh), status_code=429)


async def stamp_request(request: Request, call_next):
    """Registered by app.py with `app.middleware("http")(stamp_request)`: the finding is
    where that call is, in app.py, not at this file's same line number."""
    response = await call_next(request)
    response.headers["x-stamp"] = "1"
    return response
