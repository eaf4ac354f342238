import importlib

from fastapi import FastAPI

from portal.routes import accounts, exports, health


def register_routes(app: FastAPI, *, version: str = "v1") -> None:
    from portal.routes import reports  # a router imported where it is included

    app.include_router(accounts.router, prefix="/api/v1")
    app.include_router(health.router)
    app.include_router(exports.router)
    app.include_router(reports.router, prefix="/api/v1/reports")
    register_plugin(app)


def register_plugin(app: FastAPI) -> None:
    # the plug-in class comes from configuration: its type is unknown here
    plugin = importlib.import_module("portal.plugins").load()
    if sub_app := plugin.get_app():
        app.mount("/auth", sub_app)
