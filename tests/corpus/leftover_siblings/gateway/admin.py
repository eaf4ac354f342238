"""A second app of a folder no Dockerfile serves: it may be run by hand, so it is kept."""

import requests
from fastapi import FastAPI

app = FastAPI()


@app.get("/users")
async def users() -> dict:
    return requests.get("http://users.internal", timeout=5).json()  # expect: UJ001
