"""An API in a folder of its own, run from there (`cd "api backend" && uvicorn main:app`):
its `core` is this folder's (no `__init__.py`), not the root's package of that name."""

from fastapi import FastAPI
from routes.items import router

app = FastAPI()
app.include_router(router)
