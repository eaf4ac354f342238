from contextlib import asynccontextmanager

from fastapi import FastAPI

from index import settings
from index.data import get_catalog, load_lines, refresh_catalog


@asynccontextmanager
async def lifespan(app: FastAPI):
    await refresh_catalog()
    settings.CRON = "*/30 * * * *"
    yield


app = FastAPI(lifespan=lifespan)


@app.get("/catalog")
async def catalog():
    return await get_catalog()


@app.post("/update")
async def update(url: str):
    count = 0
    async for _line in load_lines(url, "entities.json"):
        count += 1
    return {"lines": count}
