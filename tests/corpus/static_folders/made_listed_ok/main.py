# the list the module makes its folders from as it loads holds the one it mounts
import os
import time

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles


def create_upload_dirs() -> None:
    for folder in ["uploads", "uploads/avatars"]:
        os.makedirs(folder, exist_ok=True)


app = FastAPI()
create_upload_dirs()
app.mount("/avatars", StaticFiles(directory="uploads/avatars"), name="avatars")


@app.get("/slow")
async def slow():
    time.sleep(1)  # expect: UJ001
    return {}
