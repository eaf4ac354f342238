"""Two services side by side, each a script named `fastapi_app.py`: the other one's syntax
error is not this app's, which imports nothing of it."""

import time

from fastapi import FastAPI

app = FastAPI()


@app.get("/demand")
async def demand():
    time.sleep(1)  # expect: UJ001
    return {}
