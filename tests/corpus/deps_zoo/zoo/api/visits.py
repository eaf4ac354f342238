"""What a route's `Depends(...)` parameter holds. A half-migrated route: `get_visits_db`
yields an AsyncSession, the annotation still says `Session`. FastAPI hands the route what
the dependency yields, so `db.query` is an AsyncSession's (which has none: the call raises),
not a blocking query. Where the dependency's value is unknown, the annotation says it."""

import requests
from fastapi import APIRouter, Depends
from sqlalchemy.ext.asyncio import async_sessionmaker, create_async_engine
from sqlalchemy.orm import Session
from zoo_registry import registry

engine = create_async_engine("postgresql+asyncpg://db.internal/zoo")
VisitsSession = async_sessionmaker(engine, expire_on_commit=False)
router = APIRouter()


async def get_visits_db():
    db = VisitsSession()
    try:
        yield db
    finally:
        await db.close()


@router.get("/visits")
async def list_visits(db: Session = Depends(get_visits_db)):
    return db.query(dict).all()  # ok: an AsyncSession, not the annotation's Session


class VisitReport:
    def fetch(self) -> dict:
        return requests.get("https://reports.internal/visits").json()  # expect: UJ001


def get_report():
    """Built by a library unjam does not know: what it returns is unknown, so the
    annotation says what the route gets."""
    return registry.provide("visit_report")


@router.get("/visits/report")
async def visit_report(report: VisitReport = Depends(get_report)):
    return report.fetch()


class BaseRepository:
    def __init__(self, conn: object) -> None:
        self.conn = conn


class VisitRepository(BaseRepository):
    def count(self) -> int:
        return requests.get("https://visits.internal/count").json()  # expect: UJ001


def get_repository(repo_type: type[BaseRepository]):
    def _get_repo() -> BaseRepository:
        return repo_type(None)

    return _get_repo


@router.get("/visits/count")
async def visit_count(repo: VisitRepository = Depends(get_repository(VisitRepository))):
    """The factory is typed `-> BaseRepository`; the annotation names the subclass it makes."""
    return repo.count()
