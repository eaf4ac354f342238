import os

from fastapi import APIRouter

try:
    from app.auth import router as auth_router
except ImportError:  # (a stand-in while the auth module is being written)
    auth_router = APIRouter()

API_PREFIX = os.environ.get("API_PREFIX", "/api")


def versioned_router() -> APIRouter:
    return APIRouter(prefix="/v2")


def configured_router() -> APIRouter:
    return APIRouter(prefix=API_PREFIX)


v2_router = versioned_router()
settings_router = configured_router()

