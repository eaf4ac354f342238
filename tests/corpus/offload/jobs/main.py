from fastapi import FastAPI

from jobs import scans
from jobs.api import router

app = FastAPI()
app.include_router(router)
app.include_router(scans.router)
