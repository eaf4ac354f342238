import time

from fastapi import FastAPI
from starlette.staticfiles import StaticFiles

app = FastAPI()
app.mount("/assets", StaticFiles(directory="assets", check_dir=False))


@app.get("/slow")
async def slow():
    time.sleep(1)  # expect: UJ001
