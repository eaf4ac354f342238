from fastapi import FastAPI
from pydantic_settings import BaseSettings
from starlette.middleware.base import BaseHTTPMiddleware


class Settings(BaseSettings):
    csrf_enabled: bool = False


settings = Settings()


class CSRFMiddleware(BaseHTTPMiddleware):  # expect: UJ004
    async def dispatch(self, request, call_next):
        return await call_next(request)


class TimingMiddleware(BaseHTTPMiddleware):  # expect: UJ004
    async def dispatch(self, request, call_next):
        return await call_next(request)


def create_app() -> FastAPI:
    app = FastAPI()
    app.add_middleware(TimingMiddleware)
    if settings.csrf_enabled:
        app.add_middleware(CSRFMiddleware)
    return app


app = create_app()
