import time

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles


def create_app() -> FastAPI:
    app = FastAPI()
    app.mount("/public", StaticFiles(directory="public"))  # only if the factory runs as written
    app.add_api_route("/slow", slow)
    return app


async def slow():
    time.sleep(1)  # expect: UJ001


app = create_app()
