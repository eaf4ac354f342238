"""The app the folder's Dockerfile serves."""

import requests
from fastapi import FastAPI

app = FastAPI()  # expect: UJ006


@app.post("/control/{device}")
def control(device: str) -> dict:
    requests.post(f"http://broker.internal/{device}", timeout=5)  # expect: UJ005
    return {"sent": device}
