"""Sync dependencies under `@lru_cache` (the settings, a repository made once): each is still
one thread-pool trip per request, and the fix never makes one `async def`: under
`@lru_cache` that caches a coroutine, which only the first request can await."""

from functools import lru_cache
from pathlib import Path

from fastapi import Depends, FastAPI

app = FastAPI()


class Settings:
    dsn = "sqlite://"


class VisitRepository:
    def __init__(self, settings: Settings):
        self.settings = settings


@lru_cache()
def get_settings() -> Settings:
    Path("visits.env").read_text()  # ok (the first request only: no UJ006 for the app)
    return Settings()


@lru_cache
def get_visit_repository() -> VisitRepository:
    return VisitRepository(get_settings())


def get_clock() -> int:
    return 0


@app.post("/visits")  # expect: UJ005
def create_visit(
    repo: VisitRepository = Depends(get_visit_repository),
    settings: Settings = Depends(get_settings),
    now: int = Depends(get_clock),
):
    return {"now": now}


@app.get("/visits/settings")  # expect: UJ005
def visit_settings(
    settings: Settings = Depends(get_settings),
    repo: VisitRepository = Depends(get_visit_repository),
    now: int = Depends(get_clock),
):
    return {"dsn": settings.dsn}


class Controllers:
    def visits(self) -> VisitRepository:
        return get_visit_repository()


READ, WRITE = Controllers(), Controllers()


def audit(repo: VisitRepository = Depends(WRITE.visits)) -> None:
    return None


# each instance's bound method is a callable of its own: FastAPI's per-request cache runs
# both `READ.visits` and `WRITE.visits` (three trips, with `audit`)
@app.get("/visits/audit")  # expect: UJ005
async def audited(repo: VisitRepository = Depends(READ.visits), done: None = Depends(audit)):
    return {}


@app.get("/visits/read")  # ok: one bound method twice is one call (two trips)
async def read_twice(
    repo: VisitRepository = Depends(READ.visits),
    again: VisitRepository = Depends(READ.visits),
    now: int = Depends(get_clock),
):
    return {}
