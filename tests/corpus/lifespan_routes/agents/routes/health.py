import time

from fastapi import FastAPI


async def add_health_route(app: FastAPI) -> None:
    async def health_check() -> dict:
        time.sleep(0.1)  # expect: UJ001
        return {"status": "healthy"}

    app.add_api_route(path="/health", endpoint=health_check, methods=["GET"])
