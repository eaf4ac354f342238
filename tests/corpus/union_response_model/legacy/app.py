"""The same union annotation as in `auth`, in a service whose setup.py pins FastAPI 0.78:
FastAPI read no return annotation before 0.89, so the route registers, the app starts,
and its routes are checked."""

import time
from typing import Optional

import requests
from fastapi import FastAPI, Response

app = FastAPI()  # expect: UJ006


@app.get("/tiles/{z}/{x}/{y}")
def tiles(z: int, x: int, y: int) -> Optional[Response]:
    upstream = requests.get(f"http://tiles.internal/{z}/{x}/{y}")  # expect: UJ005
    if upstream.ok:
        return Response(content=upstream.content, media_type="image/png")
    return None


@app.post("/login")
async def login(user: str):
    time.sleep(0.1)  # expect: UJ001
    return {"user": user}
