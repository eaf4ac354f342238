"""A plugin front end: the app is built bare and its routes are added by the lifespan, through
the app Starlette hands it, in methods a subclass implements."""

from abc import ABC, abstractmethod
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request

from agents.routes.health import add_health_route
from agents.routes.jobs import JobSpec, add_job_routes


class FrontEndBase(ABC):
    def build_app(self) -> FastAPI:
        @asynccontextmanager
        async def lifespan(starting_app: FastAPI):
            await self.configure(starting_app)
            yield

        app = FastAPI(lifespan=lifespan)

        @app.middleware("http")  # expect: UJ004
        async def quiet_auth_logs(request: Request, call_next):
            return await call_next(request)

        return app

    @abstractmethod
    async def configure(self, app: FastAPI) -> None: ...


class FrontEnd(FrontEndBase):
    def __init__(self, spec: JobSpec) -> None:
        self.spec = spec

    async def configure(self, app: FastAPI) -> None:
        await self.add_routes(app)

    async def add_routes(self, app: FastAPI) -> None:
        await add_health_route(app)
        add_job_routes(app, self.spec)
