import time

from fastapi import FastAPI, Request

from svc.audit import get_audit
from svc.state import lifespan, on_start, ping_registry

app = FastAPI(lifespan=lifespan, on_startup=[on_start, ping_registry])  # ok: no UJ006 (limiter raised)


@app.on_event("shutdown")  # (never runs: the lifespan replaces the event handlers)
def flush() -> None:
    time.sleep(1)  # ok: a shutdown handler of an app with a lifespan


@app.get("/items/{item_id}")
async def item(item_id: int, request: Request):
    response = request.app.state.http.get(f"/items/{item_id}")  # expect: UJ001
    return response.json()  # ok


@app.get("/local/{key}")
async def local(key: str, request: Request):
    cur = request.app.state.db.execute("select v from kv where k = ?", (key,))  # expect: UJ001
    return {"v": cur.fetchone()}


@app.get("/sync")
def sync_item(request: Request):
    return request.app.state.http.get("/sync").json()  # ok: thread pool, limiter raised


@app.post("/audit/{event}")
async def audit(event: str):
    get_audit()  # (open since start-up: the connect is UJ002's, not this route's)
    return {"event": event}
