"""The billing service of seed 000: one router, a profiling middleware, default thread pool."""

import time

from fastapi import FastAPI, Request
from starlette.middleware.base import BaseHTTPMiddleware

from billing.routers.webhooks.invoice import router as invoice_router


class ProfilingMiddleware(BaseHTTPMiddleware):  # expect: UJ004
    async def dispatch(self, request: Request, call_next):
        started = time.perf_counter()
        response = await call_next(request)
        response.headers["x-elapsed-ms"] = f"{(time.perf_counter() - started) * 1000:.1f}"
        return response


app = FastAPI(title="billing")  # expect: UJ006
app.add_middleware(ProfilingMiddleware)
app.include_router(invoice_router)
