"""Run from its own folder (`uvicorn main:app`): `from config import settings` is the
config.py beside it, not the Django project's config/settings.py in web/."""

import requests
from config import settings
from fastapi import FastAPI

app = FastAPI(title=settings.title, version=settings.version)


@app.get("/report/{name}")
async def report(name: str) -> str:
    return requests.get(f"http://reports.internal/{name}", timeout=5).text  # expect: UJ001
