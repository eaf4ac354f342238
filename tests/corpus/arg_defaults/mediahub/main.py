from contextlib import asynccontextmanager

from fastapi import FastAPI

from mediahub.routes import router
from mediahub.warmup import load_models, prepare_cache


@asynccontextmanager
async def lifespan(app: FastAPI):
    app.state.cache = prepare_cache()
    app.state.models = load_models(preload=["small"])
    yield


app = FastAPI(lifespan=lifespan)
app.include_router(router)
