"""An app AWS Lambda serves through Mangum: each instance handles one event at a time, so no
two requests share its thread pool, and what the pool's size means for concurrent requests
(UJ005, UJ006) does not apply; nor do two share its event loop: a blocking call in an `async
def` holds up only its own request (UJ001). A client built per request still costs each one
(UJ003)."""

import boto3
import requests
from fastapi import Depends, FastAPI
from mangum import Mangum

app = FastAPI()  # ok: one request per process (no UJ006)
table = boto3.resource("dynamodb").Table("videos")


def get_user(token: str = "") -> dict:
    return table.get_item(Key={"token": token}).get("Item", {})  # ok: no UJ005


def get_plan(user: dict = Depends(get_user)) -> str:
    return user.get("plan", "free")


@app.get("/videos/{vid}")  # ok: no thread-pool trips to count
def read_video(vid: str, user: dict = Depends(get_user), plan: str = Depends(get_plan)) -> dict:
    return table.get_item(Key={"id": vid}).get("Item", {})  # ok: no UJ005


@app.get("/thumbs/{vid}")
async def thumb(vid: str) -> dict:
    requests.get(f"http://127.0.0.1:9/thumbs/{vid}", timeout=5)  # ok: no other request waits
    return {}


@app.get("/captions/{vid}")
async def captions(vid: str) -> dict:
    import httpx

    async with httpx.AsyncClient() as client:  # expect: UJ003
        return (await client.get(f"http://127.0.0.1:9/captions/{vid}")).json()


handler = Mangum(app)
