from fastapi import FastAPI

from engines.manager import manager

app = FastAPI()


@app.post("/analysis/{analysis_id}/preview")
async def preview(analysis_id: str, query: str) -> list:
    return manager.get_or_start(analysis_id).preview(query)


@app.delete("/analysis/{analysis_id}")
async def delete(analysis_id: str) -> dict:
    manager.stop(analysis_id)
    return {"deleted": analysis_id}


@app.post("/metrics/{name}")
async def metric(name: str, value: float) -> dict:
    from engines.tracking import record, trackers

    record(trackers, name, value)
    return {"recorded": name}


@app.post("/events/{event}")
async def event(event: str) -> dict:
    import contextlib

    from engines.hooks import fire

    fire(print, contextlib.nullcontext(), event)
    return {"fired": event}


@app.get("/status")
async def status(url: str) -> dict:
    from engines.fetchers import fetch_status

    return {"body": len(await fetch_status(url))}
