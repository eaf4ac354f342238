import importlib

from fastapi import FastAPI

ROUTERS = ("portal.routes.notes", "portal.routes.users")


def include_router(app: FastAPI, path: str) -> None:
    module = importlib.import_module(path)
    router = getattr(module, "router", None)
    if router is not None:
        app.include_router(router)


def include_routers(app: FastAPI) -> None:
    for path in ROUTERS:
        include_router(app, path)
