from fastapi import FastAPI

from scheduler.routes import jobs
from scheduler.settings import get_settings

settings = get_settings()  # read once, at import
app = FastAPI(title=settings.get("title", "scheduler"))  # expect: UJ006
app.include_router(jobs.router)
