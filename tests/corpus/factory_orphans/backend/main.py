"""An app built by a factory, which hands itself to a function that includes the routers:
unjam cannot name what that include adds, so any router the app's program loads may be
served — but `old/routers.py`, which nothing the app loads imports, serves nothing."""

from fastapi import FastAPI

from . import routers


def create_app() -> FastAPI:
    app = FastAPI()
    routers.init_router(app)
    return app
