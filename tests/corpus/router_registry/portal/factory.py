from fastapi import FastAPI

from portal.loader import include_routers


def create_app() -> FastAPI:
    app = FastAPI()
    include_routers(app)
    return app
