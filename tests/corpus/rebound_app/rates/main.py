"""An app module that builds its app twice: the first, with its lifespan, is rebound before
the module ends, so the server serves the second (`uvicorn rates.main:app`). The thread-pool
finding stands at the app that is served, not at the lifespan that never runs."""

from contextlib import asynccontextmanager

import requests
from fastapi import FastAPI


@asynccontextmanager
async def lifespan(app: FastAPI):
    requests.get("http://127.0.0.1:9/warm", timeout=5)  # ok: the first app's, never run
    yield


app = FastAPI(lifespan=lifespan)  # ok: rebound below, never served


@app.on_event("startup")
async def load_rates():
    requests.get("http://127.0.0.1:9/rates", timeout=5)  # ok: the first app's, never run


@app.get("/")
def root():
    return requests.get("http://127.0.0.1:9/", timeout=5).json()  # ok: never served


app = FastAPI(title="rates")  # expect: UJ006


@app.get("/rates/{code}")
def rate(code: str):
    return requests.get(f"http://127.0.0.1:9/rates/{code}", timeout=5).json()  # expect: UJ005


from rates import feedback  # noqa: E402

app.include_router(feedback.router)
