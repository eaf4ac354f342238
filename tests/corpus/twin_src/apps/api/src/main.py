"""The API of a workspace whose worker also names its package `src` (each served from its
own folder: `cd apps/api && uvicorn src.main:app`): in this process `src` is the API's, so
importing the worker's `src.jobs` raises ModuleNotFoundError before anything runs."""

from fastapi import FastAPI

app = FastAPI()


@app.post("/crawl")
async def crawl(url: str):
    from src.jobs import crawl as run_crawl

    return run_crawl(url)


@app.get("/reports/{name}")
async def report(name: str):
    from src.files import read_report

    return read_report(name)
