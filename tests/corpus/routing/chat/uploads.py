"""Routers built by factory functions: one the app includes with a prefix, one nothing
includes (its prefix is unknown: "…")."""

import shutil

from fastapi import APIRouter


def get_uploads_router() -> APIRouter:
    router = APIRouter()

    @router.post("")
    async def upload(name: str):
        shutil.copy(f"/tmp/{name}", "/srv/uploads/")  # expect: UJ001
        return {}

    return router


def get_drafts_router() -> APIRouter:
    router = APIRouter()

    @router.post("/drafts")
    async def save_draft(name: str):
        shutil.copy(f"/tmp/{name}", "/srv/drafts/")  # expect: UJ001
        return {}

    return router
