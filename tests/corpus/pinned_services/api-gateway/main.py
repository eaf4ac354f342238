"""The gateway pins FastAPI 0.68: its sync routes run on asyncio's default executor."""

import requests
from fastapi import FastAPI

app = FastAPI()  # expect: UJ006


@app.get("/status")
def status():
    return requests.get("http://127.0.0.1:8001/health", timeout=2).json()  # expect: UJ005
