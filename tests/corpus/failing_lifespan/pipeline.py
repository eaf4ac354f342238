# expect: unparsed (its lifespan calls PipelineConfig.from_env, which does not exist)
"""A service whose lifespan calls a classmethod the config class never got: every start-up
raises AttributeError, so none of its routes is ever served."""

import time
from contextlib import asynccontextmanager

from fastapi import FastAPI

from config import PipelineConfig


@asynccontextmanager
async def lifespan(app: FastAPI):
    app.state.config = PipelineConfig.from_env()
    yield


app = FastAPI(lifespan=lifespan)


@app.get("/runs")
async def runs():
    time.sleep(0.1)  # ok: the app never starts
    return []
