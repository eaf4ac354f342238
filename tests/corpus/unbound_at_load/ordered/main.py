"""Names read at call time, or under a test, or bound in a `try` before they are read: the
module imports, and its app serves."""

import os
import time

from fastapi import FastAPI

try:
    from ordered.settings import DEBUG
except ImportError:
    DEBUG = False


def build() -> FastAPI:
    return FastAPI(debug=DEBUG)


app = build()

if os.environ.get("TRACE"):
    tracer.attach(app)  # noqa: F821  (under a test: not surely run)


def later() -> int:
    return helper()  # (read when called, after the module has bound it)


@app.get("/fast")
async def fast():
    time.sleep(1)  # expect: UJ001
    return later()


def helper() -> int:
    return 1
