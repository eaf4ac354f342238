"""A ledger service: one sync auth dependency on every route, one warm-up call in lifespan."""

from contextlib import asynccontextmanager

from fastapi import Depends, FastAPI

from ledger.api import accounts, reports
from ledger.auth import current_user
from ledger.warmup import warm_caches


@asynccontextmanager
async def lifespan(app: FastAPI):
    warm_caches()  # the one root cause of every UJ002 below
    yield


app = FastAPI(lifespan=lifespan, dependencies=[Depends(current_user)])  # expect: UJ006
app.include_router(accounts.router)
app.include_router(reports.router)
