"""Routes whose paths come from a registry module (`urls.EXPORTS_LIST`), or from a setting
read only at run time: both are served; the label shows what is known."""

import os
import time

from fastapi import APIRouter

from chat import urls

registry_router = APIRouter(prefix="/registry")
HOOK_PATH = os.environ.get("HOOK_PATH", "/hook")


@registry_router.get(urls.EXPORTS_LIST)
async def list_registry_exports():
    time.sleep(0.01)  # expect: UJ001


@registry_router.post(HOOK_PATH)
async def registry_hook():
    time.sleep(0.01)  # expect: UJ001


ROUTERS = [registry_router]


def attach(app, routers=ROUTERS):
    for router in routers:
        app.include_router(router, prefix="/v2")
