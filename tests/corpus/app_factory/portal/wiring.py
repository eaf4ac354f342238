from fastapi import FastAPI

from portal.routes import accounts, health


def register_routes(app: FastAPI, *, version: str = "v1") -> None:
    app.include_router(accounts.router, prefix="/api/v1")
    app.include_router(health.router)
