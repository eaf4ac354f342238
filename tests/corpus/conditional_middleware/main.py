import security
from fastapi import FastAPI
from pydantic_settings import BaseSettings
from starlette.middleware.base import BaseHTTPMiddleware


class Settings(BaseSettings):
    csrf_enabled: bool = False
    demo_mode: bool = False
    profiler: bool = False
    origin_check: bool = False


settings = Settings()


class CSRFMiddleware(BaseHTTPMiddleware):  # expect: UJ004
    async def dispatch(self, request, call_next):
        return await call_next(request)


class TimingMiddleware(BaseHTTPMiddleware):  # expect: UJ004
    async def dispatch(self, request, call_next):
        return await call_next(request)


class DemoModeMiddleware(BaseHTTPMiddleware):  # expect: UJ004
    async def dispatch(self, request, call_next):
        return await call_next(request)


def add_demo_mode_middleware(app: FastAPI) -> None:
    app.add_middleware(DemoModeMiddleware)


def add_profiler_middleware(app: FastAPI) -> None:
    @app.middleware("http")  # expect: UJ004
    async def profile(request, call_next):
        return await call_next(request)


def add_middlewares(app: FastAPI) -> None:
    if settings.demo_mode:
        add_demo_mode_middleware(app)
    if settings.profiler:
        add_profiler_middleware(app)


def create_app() -> FastAPI:
    app = FastAPI()
    app.add_middleware(TimingMiddleware)
    if settings.csrf_enabled:
        app.add_middleware(CSRFMiddleware)
    if settings.origin_check:
        app.add_middleware(security.OriginCheckMiddleware)
    add_middlewares(app)
    return app


app = create_app()
