"""The app the Procfile serves."""

import time

from fastapi import FastAPI

app = FastAPI()


@app.get("/sessions")
async def sessions():
    time.sleep(0.2)  # expect: UJ001
    return []
