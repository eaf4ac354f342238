import shutil

from fastapi import APIRouter

router = APIRouter()


@router.post("/archive/{name}")
async def archive(name: str):
    shutil.make_archive(f"/srv/archive/{name}", "zip", f"/srv/desk/{name}")  # expect: UJ001
    return {"ok": True}
