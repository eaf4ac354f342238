# expect: unparsed
# `media/` is made by the upload route, whose path names it: a route runs once the app
# serves, after the mount has already raised, so it cannot make the folder in time
import os

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

app = FastAPI()
app.mount("/media", StaticFiles(directory="media"), name="media")


@app.post("/upload/{name}")
async def upload(name: str):
    os.makedirs("media/temp", exist_ok=True)  # ok: the app cannot start
    with open(f"media/temp/{name}", "wb") as out:  # ok: the app cannot start
        out.write(b"")
