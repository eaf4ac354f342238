import time

from fastapi import FastAPI

from chores.errors import ChoreError


def create_app() -> FastAPI:
    app = FastAPI()

    @app.get("/ping")
    async def ping():
        time.sleep(1)  # expect: UJ001
        return {"error": ChoreError.__name__}

    return app
