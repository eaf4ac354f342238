"""The app this repository serves, and (in `.archive/2026/`) an older copy of it kept by a
code generator, which imports a router since deleted: it cannot start. Its middleware class
has the name of the live one, which is reported once, where the live app defines it."""

from fastapi import FastAPI
from starlette.middleware.base import BaseHTTPMiddleware

from api.orders import router


class TimingMiddleware(BaseHTTPMiddleware):  # expect: UJ004
    async def dispatch(self, request, call_next):
        return await call_next(request)


app = FastAPI()
app.add_middleware(TimingMiddleware)
app.include_router(router)
