# expect: unparsed
# `static/` was empty on the developer's machine, and git keeps no empty folder: Starlette
# raises RuntimeError("Directory 'static' does not exist") as this module loads
import time

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

app = FastAPI()
app.mount("/static", StaticFiles(directory="static"), name="static")


@app.get("/slow")
async def slow():
    time.sleep(1)  # ok: the app cannot start
