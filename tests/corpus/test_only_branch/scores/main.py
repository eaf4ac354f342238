from fastapi import FastAPI
from sqlalchemy.ext.asyncio import async_sessionmaker, create_async_engine

from scores.repo import ScoreRepository

app = FastAPI()
repo = ScoreRepository(async_sessionmaker(create_async_engine("postgresql+asyncpg://db/scores")))


@app.get("/scores/top")
async def top_scores(limit: int = 10) -> list:
    return await repo.top(limit)


@app.get("/scores/count")
async def score_count() -> int:
    return await repo.count()
