from contextlib import asynccontextmanager

from fastapi import FastAPI

from mediahub.annotations import datasets
from mediahub.jobs import schedule
from mediahub.key_stores import key_stores
from mediahub.log_dirs import log_dirs
from mediahub.mocked import checks
from mediahub.prompts import prompts
from mediahub.routes import router
from mediahub.safe_mode import runs
from mediahub.splits import splits
from mediahub.speech import speech
from mediahub.tasks import tasks
from mediahub.schema import DB
from mediahub.flags import flags
from mediahub.thumbs import thumbs
from mediahub.training import training
from mediahub.transcripts import transcripts
from mediahub.warmup import load_models, prepare_cache
from mediahub.watched import feed


@asynccontextmanager
async def lifespan(app: FastAPI):
    app.state.cache = prepare_cache()
    app.state.models = load_models(preload=["small"])
    DB.initialize(upgrade=False)
    DB.archive_plain()
    DB.sync_index()
    await schedule("boot-check", is_system=True)
    yield


app = FastAPI(lifespan=lifespan)
app.include_router(router)
app.include_router(thumbs)
app.include_router(flags)
app.include_router(runs)
app.include_router(speech)
app.include_router(tasks)
app.include_router(training)
app.include_router(transcripts)
app.include_router(feed)
app.include_router(datasets)
app.include_router(splits)
app.include_router(log_dirs)
app.include_router(key_stores)
app.include_router(checks)
app.include_router(prompts)
