"""A helper module that once was the app: its own `app = FastAPI()` serves no route and
nothing runs it, so the middleware registered on it runs for no request. The served app
registers the same function again (app.py), which is reported there."""

import time

from fastapi import FastAPI, Request

app = FastAPI()  # ok: serves nothing


@app.middleware("http")  # ok: on an app no request reaches
async def time_request(request: Request, call_next):
    started = time.perf_counter()
    response = await call_next(request)
    response.headers["x-elapsed"] = f"{time.perf_counter() - started:.4f}"
    return response
