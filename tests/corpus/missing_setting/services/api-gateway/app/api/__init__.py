from fastapi import APIRouter

from core.config import settings

gateway_router = APIRouter(prefix=f"/{settings.upstream.rsplit(':', 1)[1]}")
