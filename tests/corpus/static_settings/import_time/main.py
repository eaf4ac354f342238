"""A settings object built as the module loads makes its folder, whose path unjam cannot
read: it may be the one the mount names, so no claim is made."""

import os
import time

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles


class Settings:
    def __init__(self) -> None:
        self.assets = os.getenv("ASSETS_DIR", "assets")
        os.makedirs(self.assets, exist_ok=True)


settings = Settings()
app = FastAPI()
app.mount("/assets", StaticFiles(directory="assets"), name="assets")


@app.get("/slow")
async def slow():
    time.sleep(1)  # expect: UJ001
    return {}
