import httpx
from fastapi import FastAPI

from search.limits import audited, counted, registered, retried, throttle

app = FastAPI()  # expect: UJ006
index = httpx.Client(base_url="http://localhost:9200")


@app.get("/search")
@throttle("search")
def search(q: str) -> dict:
    return index.get("/_search", params={"q": q}).json()  # expect: UJ005


@app.get("/health")
@counted
def health() -> dict:
    return {"ok": True}


@app.get("/recent")
@audited
@counted
async def recent() -> list:
    return []


@registered
@app.get("/stats")
async def stats() -> dict:
    return {}


@retried
def publish(event: str) -> None:
    index.post("/events/_doc", json={"event": event})  # expect: UJ001


@app.post("/events")
async def events(event: str) -> dict:
    publish(event)
    return {"queued": True}
