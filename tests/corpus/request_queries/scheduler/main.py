import asyncio
from contextlib import asynccontextmanager

from fastapi import FastAPI

from scheduler.routes import jobs, runs
from scheduler.logs import get_logger
from scheduler.settings import get_settings, job_schema, template_for
from scheduler.watcher import watch_settings

settings = get_settings()  # read once, at import


@asynccontextmanager
async def lifespan(app: FastAPI):
    app.state.title = get_settings().get("title")  # cached since import: no start-up stall
    watcher = asyncio.create_task(watch_settings())
    yield
    watcher.cancel()


app = FastAPI(lifespan=lifespan, title=settings.get("title", "scheduler"))  # expect: UJ006
app.include_router(jobs.router)
app.include_router(runs.router)

JOB_SCHEMA = job_schema()  # read once, at import, for the one key `GET /jobs/schema` reads
DEFAULT_TEMPLATE = template_for("default")  # only the default of the keys requests name
log = get_logger(__name__)

from scheduler.routes import holidays  # noqa: E402

app.include_router(holidays.router)
