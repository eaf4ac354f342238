import requests
from fastapi import FastAPI

app = FastAPI()


@app.get("/route")
async def route() -> dict:
    return requests.get("http://routes.internal", timeout=5).json()  # expect: UJ001
