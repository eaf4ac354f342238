"""Run from backend_new (`uvicorn backend.main:app`): every import below is of this package."""

import time

from fastapi import FastAPI

from backend.tools.youtube_downloader import X
from backend.state.memory import Store

app = FastAPI()


@app.get("/")
async def index():
    time.sleep(1)  # expect: UJ001
    return {"x": X, "s": str(Store)}
