# expect: unparsed
# the folder is a settings field's default, and the repository holds no `uploads/`: the
# mount raises RuntimeError as this module loads, before the route that makes the folder runs
import os
import time

from fastapi import FastAPI, UploadFile
from fastapi.staticfiles import StaticFiles
from upload_settings import settings

app = FastAPI()
app.mount("/uploads", StaticFiles(directory=settings.upload_dir), name="uploads")


@app.post("/files")
async def upload(file: UploadFile):
    os.makedirs(settings.upload_dir, exist_ok=True)  # ok: the app cannot start
    time.sleep(1)  # ok: the app cannot start
    return {"name": file.filename}
