"""Routers whose prefixes come from names: a module constant (read), and a setting known only
when the app starts (not read: the label shows "…" where it goes)."""

import time

from fastapi import APIRouter, FastAPI

from chat.settings import STATUS_PREFIX, settings

status = APIRouter(prefix=STATUS_PREFIX)
reports = APIRouter()


@status.get("/disk")
async def disk_status():
    time.sleep(0.01)  # expect: UJ001
    return {}


@reports.get("/daily")
async def daily_report():
    time.sleep(0.01)  # expect: UJ001
    return {}


def mount_reports(app) -> None:
    app.include_router(status)
    app.include_router(reports, prefix=settings.reports_prefix)


exports = APIRouter()


@exports.get("/exports/{name}")
async def export(name: str):
    time.sleep(0.01)  # expect: UJ001
    return {"name": name}


archive = APIRouter()


@archive.get("/archive/{name}")
async def archived(name: str):
    time.sleep(0.01)  # expect: UJ001
    return {"name": name}


usage = APIRouter(prefix=settings.reports_prefix)


@usage.get("/usage")
async def usage_report():
    time.sleep(0.01)  # expect: UJ001
    return {}


health = APIRouter(prefix="/health")


@health.get("/deep")
async def deep_health():
    time.sleep(0.01)  # expect: UJ001
    return {}


def on_start(app: FastAPI) -> None:
    """Handed the app by code unjam cannot follow (a hook table names it): a FastAPI app is
    served at the root."""
    app.include_router(health)


class ExportsPlugin:
    """Includes its router into whatever app the host hands it: the prefix still applies."""

    def __init__(self, host, api_prefix: str = "/plugins") -> None:
        self.host = host
        self.api_prefix = api_prefix

    def install(self) -> None:
        self.host.app.include_router(exports, prefix=self.api_prefix)
        self.host.app.include_router(archive, prefix="/v2")
        self.host.app.include_router(usage)
