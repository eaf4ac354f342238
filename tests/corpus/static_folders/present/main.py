import time

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

app = FastAPI()
app.mount("/static", StaticFiles(directory="static"), name="static")


@app.get("/slow")
async def slow():
    time.sleep(1)  # expect: UJ001
