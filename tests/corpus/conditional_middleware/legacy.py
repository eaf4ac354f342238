"""The middleware set-up `create_app` replaced, kept and called by nothing: what it would
register says nothing of where the app registers its middleware."""

from fastapi import FastAPI

from main import CSRFMiddleware, settings


def setup_middleware(app: FastAPI) -> None:
    if settings.csrf_enabled or settings.demo_mode:
        app.add_middleware(CSRFMiddleware)
