"""Services whose start-up may well succeed: the missing name is asked for only in debug,
or of a class with a library base (pydantic may supply it), or exists."""

import time
from contextlib import asynccontextmanager

from fastapi import FastAPI

from config import PipelineConfig, TracingConfig, debug


@asynccontextmanager
async def lifespan(app: FastAPI):
    if debug():
        app.state.config = PipelineConfig.from_env()
    app.state.tracing = TracingConfig.from_env()
    app.state.loaded = PipelineConfig.from_file("/srv/pipeline.toml")
    yield


app = FastAPI(lifespan=lifespan)


@app.get("/traces")
async def traces():
    time.sleep(0.1)  # expect: UJ001
    return []
