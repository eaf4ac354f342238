"""The app `uvicorn app.main:app` serves, from kiosk/."""

import time

from fastapi import FastAPI

app = FastAPI()


@app.get("/menu")
async def menu():
    time.sleep(0.1)  # expect: UJ001
    return {}
