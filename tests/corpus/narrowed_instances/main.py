from fastapi import FastAPI

from settings import settings
from sources import checked_source, inline_sources, load_source

app = FastAPI()


class Query:
    def __init__(self, body: dict):
        self.body = body
        self.limits = settings.get("limits")  # a section: a `Settings` of a dict
        self.tags = settings.get("tags")


@app.post("/query")
async def query(body: dict) -> dict:
    return {"limits": Query(body).limits.prefix}


@app.post("/sources")
async def add_sources(entries: list) -> dict:
    return {"loaded": len(inline_sources(entries))}


@app.post("/sources/table")
async def add_table(entry: dict) -> dict:
    if isinstance(entry, dict):
        return load_source(entry)
    return {}


@app.get("/sources/{name}")
async def source(name: str) -> dict:
    return checked_source(f"/srv/sources/{name}.json")
