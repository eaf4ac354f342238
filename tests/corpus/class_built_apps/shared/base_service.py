"""The services' base class: every service constructs it."""

import time

from fastapi import FastAPI


class BaseService:
    def __init__(self, service_path: str):
        self.service_path = service_path
        self.app = FastAPI()

        @self.app.middleware("http")  # expect: UJ004
        async def rewrite_path(request, call_next):
            return await call_next(request)

        @self.app.get("/status")
        async def status() -> dict:
            time.sleep(0.1)  # expect: UJ001
            return {"status": "OK"}

    def start(self) -> FastAPI:
        return self.app
