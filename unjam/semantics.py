"""DESIGN.md's "What runs where" table as code (FastAPI 0.165, Starlette 1.10, anyio 4.16).

The static analyser (and the doctor, when it explains a finding) asks one question: given a
callable the framework invokes in a given role, and whether it is `async def`, where does its
body run? Keeping the answer in one table-like function means a FastAPI release that changes
a row changes one line here, not the analyser.
"""

from __future__ import annotations

from enum import StrEnum

from unjam.model import ExecutionContext

# the methods of an app or router whose decorator registers a route for that HTTP method
HTTP_ROUTE_METHODS = frozenset(
    {"get", "post", "put", "patch", "delete", "head", "options", "trace"}
)


class Role(StrEnum):
    """The roles in which FastAPI/Starlette invoke user code."""

    ENDPOINT = "endpoint"
    WEBSOCKET = "websocket endpoint"
    DEPENDENCY = "dependency"  # function dependency (plain or generator)
    CLASS_DEPENDENCY = "class dependency"  # Depends(Cls): Cls(...) i.e. __init__
    CALLABLE_DEPENDENCY = "callable-instance dependency"  # Depends(instance): __call__
    BACKGROUND_TASK = "background task"
    STREAMING = "streaming response iterator"
    EXCEPTION_HANDLER = "exception handler"
    HTTP_MIDDLEWARE = "http middleware"  # @app.middleware("http"), BaseHTTPMiddleware.dispatch
    ASGI_MIDDLEWARE = "ASGI middleware"
    LIFESPAN = "lifespan"
    STARTUP = "startup handler"  # on_startup / on_event("startup")
    SHUTDOWN = "shutdown handler"  # on_shutdown / on_event("shutdown")
    OFFLOADED = "offloaded callable"  # run_in_threadpool(f), to_thread.run_sync(f), ...
    THREAD = "thread"  # executor / threading.Thread / asyncio.to_thread
    UI_EVENT = "Gradio event handler"  # btn.click(fn), gr.Interface(fn=...): async ones
    TORNADO = "Tornado handler"  # a tornado.web.Application's handler methods: on its loop
    AIOHTTP = "aiohttp handler"  # an aiohttp.web app's handlers, views, response signals
    LITESTAR = "Litestar handler"  # its route handlers and providers not marked sync_to_thread
    COROUTINE = "coroutine"  # any other async def: on the loop wherever it is awaited


_OWN_LOOP = (Role.TORNADO, Role.AIOHTTP, Role.LITESTAR)
_LOOP, _POOL, _START = ExecutionContext.LOOP, ExecutionContext.THREADPOOL, ExecutionContext.STARTUP


def runs_on(role: Role, is_async: bool) -> ExecutionContext:
    """Where the body of a callable invoked in `role` runs (the table, row by row)."""
    if role in (Role.LIFESPAN, Role.STARTUP, Role.SHUTDOWN):
        return _START  # on the loop — sync handlers too — but only while starting or stopping
    if role in (Role.HTTP_MIDDLEWARE, Role.ASGI_MIDDLEWARE, *_OWN_LOOP):
        return _LOOP  # (Tornado, aiohttp and Litestar run a `def` handler on their loop too)
    if role is Role.CLASS_DEPENDENCY:
        return _POOL  # Cls(...) is not a coroutine function: always run_in_threadpool
    if role is Role.OFFLOADED:
        return _POOL
    if role is Role.THREAD:
        return _LOOP if is_async else _POOL  # an executor thread, off the loop
    # endpoint, dependency (incl. generators), callable instance, background task,
    # streaming iterator, exception handler, coroutine: async → loop, sync → thread pool
    return _LOOP if is_async else _POOL


def uses_threadpool_token(role: Role, is_async: bool) -> bool:
    """Whether serving a request borrows one of anyio's default-limiter tokens for it."""
    return runs_on(role, is_async) is _POOL and role not in (Role.OFFLOADED, Role.THREAD)


# Offload contexts named in the catalogue → the role the offloaded callable runs in.
OFFLOAD_ROLES: dict[str, Role] = {
    "thread-pool": Role.OFFLOADED,
    "thread": Role.THREAD,
    "process": Role.THREAD,
    "iterator": Role.STREAMING,
    "task": Role.BACKGROUND_TASK,
}
