"""A health app the Dockerfile runs, with uvicorn's `--factory` flag."""

import time

from fastapi import FastAPI


def create_health_app() -> FastAPI:
    app = FastAPI()

    @app.get("/health")
    async def health() -> dict:
        time.sleep(0.05)  # expect: UJ001
        return {"ok": True}

    return app
