"""An engine whose URL unjam cannot read (a parameter or the settings' field): with no
driver of another database installed, only SQLite's can open."""

from fastapi import APIRouter, Depends
from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session, sessionmaker

from .settings import settings

router = APIRouter(prefix="/reports")


def build_engine(database_url: str | None = None):
    url = database_url or settings.database_url
    return create_engine(url)


ReportSession = sessionmaker(bind=build_engine())


def report_db():
    with ReportSession() as session:
        yield session


@router.get("/streaks")
def streaks(db: Session = Depends(report_db)):
    return db.execute(text("select name, streak from habits")).all()  # ok: a local SQLite file
