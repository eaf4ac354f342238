from fastapi import FastAPI

from jobs import committed, ledger, scans
from jobs.api import router

app = FastAPI()
app.include_router(router)
app.include_router(scans.router)
app.include_router(committed.router)
app.include_router(ledger.router)
