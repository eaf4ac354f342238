"""Reads its own service's `settings.api` (services/auth-service/app/core/config.py declares it), not the
gateway's, whose `core.config` has the same name."""

import time

from fastapi import APIRouter

from core.config import settings

api_router = APIRouter(prefix=settings.api.prefix)


@api_router.get("/login")
async def login():
    time.sleep(0.1)  # expect: UJ001
    return {}
