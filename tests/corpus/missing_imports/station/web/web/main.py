"""Served from station/web/ (`COPY ./web /web`, `uvicorn web.main:app`): `web` is the
inner package, whose `api` exists, though station/web/ holds an `__init__.py` too."""

from fastapi import FastAPI

from web.api.routes import router

app = FastAPI()
app.include_router(router)
