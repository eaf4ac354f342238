"""The app builder replaces the auth placeholder with a lambda handing out the one module it
made: FastAPI runs that sync lambda in the thread pool, never the placeholder."""

from fastapi import FastAPI

from hub.auth import AuthModule, get_auth_module, router


def create_app() -> FastAPI:
    app = FastAPI()
    app.include_router(router)
    auth_module = AuthModule()
    app.dependency_overrides[get_auth_module] = lambda: auth_module
    return app


app = create_app()
