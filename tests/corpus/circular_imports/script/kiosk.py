# run as a script (`python kiosk.py`), this module is `__main__`: the routes module's
# `from kiosk import app` loads a second copy, which completes, and the server runs
import time

import uvicorn
from fastapi import FastAPI

import kiosk_routes

app = FastAPI()


@app.get("/slow")
async def slow():
    time.sleep(1)  # expect: UJ001
    return kiosk_routes.VERSION


if __name__ == "__main__":
    uvicorn.run(app, host="127.0.0.1", port=8000)
