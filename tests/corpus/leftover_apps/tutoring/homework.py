"""An app another module imports and serves (serve_homework.py)."""

import time

from fastapi import FastAPI

app = FastAPI()


@app.post("/homework")
async def submit():
    time.sleep(0.1)  # expect: UJ001
    return {"ok": True}
