import time

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

app = FastAPI()
app.mount("/", StaticFiles(directory="build", html=True))  # a front-end build, kept out of git


@app.get("/slow")
async def slow():
    time.sleep(1)  # expect: UJ001
