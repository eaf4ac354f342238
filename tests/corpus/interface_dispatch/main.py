from fastapi import Depends, FastAPI

from jobs.indexes import create_index
from jobs.queues import get_results, queue

app = FastAPI()
app.state.index = create_index("sqlite:///var/index.db")


@app.post("/jobs")
async def submit(body: str) -> dict:
    queue.publish(body)
    return {"waiting": queue.size()}


@app.post("/jobs/{job_id}/result")
async def finish(job_id: str, result: bytes) -> dict:
    get_results().save(job_id, result)
    return {"saved": job_id}


@app.get("/search/{kind}")
async def find(kind: str, q: str) -> list[str]:
    from jobs.search import search

    return await search(kind, q)


@app.get("/media/{key}")
async def media_url(key: str, kind: str = "disk") -> dict:
    import asyncio

    from jobs.media import AsyncMediaStorage, get_storage

    storage = get_storage(kind)
    if isinstance(storage, AsyncMediaStorage):
        return {"url": await storage.get_url(key)}
    return {"url": await asyncio.to_thread(storage.get_url, key)}


@app.post("/entities/{entity_id}/index")
async def reindex(entity_id: int, index=Depends(lambda: app.state.index)) -> dict:
    index.update(entity_id)
    return {"indexed": entity_id}
