import os

import httpx
from fastapi import FastAPI

from storage.mirror import Mirror
from storage.settings import settings

app = FastAPI()
settings.load(os.environ.get("APP_NAME", "objects"))
mirror = Mirror("https://objects.invalid", httpx.Client())


@app.get("/flags/{name}")
async def flag(name: str):
    return {"value": settings.get(name), "title": settings.title()}


@app.get("/objects/{name}")
async def fetch_object(name: str):
    return {"size": len(mirror.fetch(name)), "from": mirror.describe()}
