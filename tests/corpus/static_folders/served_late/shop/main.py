# expect: unparsed
# a front end built elsewhere and never committed: the mount raises as this module loads.
# The folders the code makes, with paths read from settings, are made by a route and by a
# helper only routes call, once the app serves: neither can make `frontend/` in time
import os
import time

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

UPLOADS = os.getenv("UPLOADS", "uploads")
app = FastAPI()


def upload_path(name: str) -> str:
    os.makedirs(UPLOADS, exist_ok=True)  # ok: the app cannot start
    return os.path.join(UPLOADS, name)


@app.post("/files/{name}")
async def upload(name: str):
    os.makedirs(os.path.join(UPLOADS, "chunks"), exist_ok=True)  # ok: the app cannot start
    time.sleep(1)  # ok: the app cannot start
    return {"path": upload_path(name)}


app.mount("/", StaticFiles(directory="frontend", html=True), name="frontend")
