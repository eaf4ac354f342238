"""The SDK's copy of the service base class: only tests/sdk_check.py builds it."""

import time

from fastapi import FastAPI


class BaseService:
    def __init__(self, service_path: str):
        self.service_path = service_path
        self.app = FastAPI()

        @self.app.middleware("http")  # ok: no served app is built by this class
        async def rewrite_path(request, call_next):
            return await call_next(request)

        @self.app.get("/sdk/status")
        async def status() -> dict:
            time.sleep(0.1)  # ok: no served app is built by this class
            return {"status": "OK"}

    def start(self) -> FastAPI:
        return self.app
