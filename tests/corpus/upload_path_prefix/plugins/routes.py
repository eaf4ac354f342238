"""The upload route always hands the installer a path under /tmp: its `startswith("http")`
branch, the download, never runs for a request."""

import aiofiles
from fastapi import APIRouter, FastAPI, UploadFile

from plugins.installer import installer

router = APIRouter()


@router.post("/plugins/upload")
async def upload_plugin(file: UploadFile):
    archive_path = f"/tmp/{file.filename}"
    async with aiofiles.open(archive_path, "wb") as out:
        await out.write(await file.read())
    return {"installed": await installer.install(archive_path)}


app = FastAPI()
app.include_router(router)
