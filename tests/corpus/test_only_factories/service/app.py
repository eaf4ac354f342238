import time

from fastapi import FastAPI


def create_app() -> FastAPI:
    app = FastAPI()

    @app.get("/orders")
    async def orders() -> list:
        time.sleep(0.1)  # expect: UJ001
        return []

    return app
