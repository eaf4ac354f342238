"""Libraries' middleware built on BaseHTTPMiddleware (slowapi's `SlowAPIMiddleware`,
starlette-context's `ContextMiddleware`): the registration is what to change, to the same
library's pure ASGI twin, which is told nothing."""

from fastapi import FastAPI
from slowapi import Limiter
from slowapi.middleware import SlowAPIASGIMiddleware, SlowAPIMiddleware
from slowapi.util import get_remote_address
from starlette.middleware import Middleware
from starlette_context import plugins
from starlette_context.middleware import ContextMiddleware, RawContextMiddleware

limiter = Limiter(key_func=get_remote_address, default_limits=["100/minute"])
app = FastAPI(
    middleware=[
        Middleware(ContextMiddleware, plugins=(plugins.RequestIdPlugin(),)),  # expect: UJ004
    ]
)
app.state.limiter = limiter
app.add_middleware(SlowAPIMiddleware)  # expect: UJ004

internal = FastAPI(middleware=[Middleware(RawContextMiddleware)])  # ok (pure ASGI)
internal.state.limiter = limiter
internal.add_middleware(SlowAPIASGIMiddleware)  # ok (pure ASGI)
app.mount("/internal", internal)


@app.get("/items")
async def items():
    return []


@internal.get("/health")
async def health():
    return {"ok": True}
