"""Run from api/ (`uvicorn main:app`): `services` is api/services/, a package, which Python
imports before any folder `services/` without `__init__.py` elsewhere on `sys.path`."""

from fastapi import FastAPI
from routers import items

app = FastAPI()
app.include_router(items.router)
