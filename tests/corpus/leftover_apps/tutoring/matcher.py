"""A second service, started by run_matcher.sh with `python matcher.py`."""

import time

import uvicorn
from fastapi import FastAPI

app = FastAPI()


@app.post("/match")
async def match():
    time.sleep(0.1)  # expect: UJ001
    return {"tutor": 1}


if __name__ == "__main__":
    uvicorn.run(app, port=8002)
