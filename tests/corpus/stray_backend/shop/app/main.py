"""Run as `cd shop && uvicorn app.main:app` (app/ is a namespace package): shop/ is on
`sys.path`, so `api` and `core` are shop/api and shop/core, whatever the stray
shop/__init__.py makes their names."""

from fastapi import FastAPI

from api.routes import router
from core.config import PREFIX

app = FastAPI()
app.include_router(router, prefix=PREFIX)
