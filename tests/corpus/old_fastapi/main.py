"""A service pinned to FastAPI 0.67 (Starlette 0.14): its sync endpoints run in asyncio's
default executor, not under anyio's limiter, so UJ005 and UJ006 speak of the executor and
its fix (`set_default_executor`), never of `total_tokens`, which would change nothing."""

import requests
from fastapi import FastAPI

app = FastAPI()  # expect: UJ006


@app.get("/rates/{currency}")
def rate(currency: str):
    reply = requests.get(f"http://rates.internal/{currency}", timeout=5)  # expect: UJ005
    return reply.json()
