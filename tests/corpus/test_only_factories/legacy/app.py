"""An older service's factory, of the same name as the served one: main.py imports
`service.app`'s, and only the tests build this one. Its routes serve nothing."""

import time

from fastapi import FastAPI


def create_app() -> FastAPI:
    app = FastAPI()

    @app.get("/orders/legacy")
    async def legacy_orders() -> list:
        time.sleep(0.1)  # ok: an app nothing builds
        return []

    return app
