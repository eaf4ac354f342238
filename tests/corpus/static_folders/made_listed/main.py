# expect: unparsed
# the module makes its folders from a list as it loads, but not the one it mounts: git keeps
# no empty `assets/photos/`, so Starlette raises RuntimeError on every clone
import os
import time
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles


def create_asset_dirs() -> None:
    folders = [Path("./assets"), Path("./assets/charts")]
    for folder in folders:
        if not folder.is_dir():
            os.mkdir(folder)


app = FastAPI()
create_asset_dirs()
app.mount("/photos", StaticFiles(directory="./assets/photos"), name="photos")


@app.get("/slow")
async def slow():
    time.sleep(1)  # ok: the app cannot start
    return {}
