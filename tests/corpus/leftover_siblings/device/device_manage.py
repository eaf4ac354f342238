"""An earlier app beside the served one: no launcher names it and nothing imports it, and the
folder's Dockerfile serves control_api."""

import requests
from fastapi import FastAPI

app = FastAPI()


@app.post("/control")
def control(device: str) -> dict:
    requests.post(f"http://broker.internal/{device}", timeout=5)
    return {"sent": device}


@app.get("/status")
async def status() -> dict:
    return requests.get("http://broker.internal/status", timeout=5).json()
