import time

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

app = FastAPI()
app.mount("/media", StaticFiles(directory="media"))  # the image makes it


@app.get("/slow")
async def slow():
    time.sleep(1)  # expect: UJ001
