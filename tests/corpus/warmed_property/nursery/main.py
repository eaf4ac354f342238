from contextlib import asynccontextmanager

from fastapi import FastAPI

from nursery.database import primary, reports


@asynccontextmanager
async def lifespan(app: FastAPI):
    await primary.database.create_all()  # ok (made at import: the property returns it)
    await reports.database.create_all()  # (connects here, at start-up: see database.py)
    yield


app = FastAPI(lifespan=lifespan)
