"""Routers built by factory functions: one the app includes with a prefix, one nothing
builds (the app names every router it includes: that one serves nothing)."""

import shutil
from pathlib import Path

from fastapi import APIRouter


def get_uploads_router() -> APIRouter:
    router = APIRouter()

    @router.post("")
    async def upload(name: str):
        shutil.copy(f"/tmp/{name}", "/srv/uploads/")  # expect: UJ001
        return {}

    return router


def get_drafts_router(tag: str = "drafts") -> APIRouter:
    drafts = APIRouter(tags=[tag])

    @drafts.post("/drafts")
    async def save_draft(text: str):
        Path("/srv/drafts/latest.txt").write_text(text)  # ok: get_drafts_router is never called

    return drafts
