# expect: unparsed (imports api.users, which no longer exists: this copy cannot start)
from fastapi import FastAPI
from starlette.middleware.base import BaseHTTPMiddleware

from api.orders import router
from api.users import router as users_router


class TimingMiddleware(BaseHTTPMiddleware):  # ok: its app cannot start
    async def dispatch(self, request, call_next):
        return await call_next(request)


app = FastAPI()
app.add_middleware(TimingMiddleware)
app.include_router(router)
app.include_router(users_router)
