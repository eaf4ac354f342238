"""A faster copy of main.py that was never switched on: only its own `__main__` runs it, and
nothing else in the repository names it. Its routes serve no request."""

import time

import uvicorn
from fastapi import FastAPI
from starlette.middleware.base import BaseHTTPMiddleware

app = FastAPI()


class TimingMiddleware(BaseHTTPMiddleware):  # ok: only this copy defines and adds it
    async def dispatch(self, request, call_next):
        return await call_next(request)


app.add_middleware(TimingMiddleware)


@app.get("/sessions")
async def sessions():
    time.sleep(0.05)  # ok: nothing launches this app
    return []


if __name__ == "__main__":
    uvicorn.run("main_fast:app", port=8001)
