"""Tracing set-up that the app never calls: the middleware it would register serves
nothing, so neither it nor its blocking call is reported."""

import socket

from fastapi import FastAPI, Request

from .middleware import MetricsMiddleware


async def trace_request(request: Request, call_next):
    request.state.host = socket.gethostbyname(socket.gethostname())  # ok: never registered
    return await call_next(request)


def setup_tracing(endpoint: str, app: FastAPI | None = None) -> None:
    if endpoint and app is not None:
        app.middleware("http")(trace_request)  # ok: nothing calls setup_tracing


def setup_metrics(app: FastAPI) -> None:
    app.add_middleware(MetricsMiddleware)  # ok: nothing calls setup_metrics
