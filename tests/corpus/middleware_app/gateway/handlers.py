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
