"""Another app of the same repository, on PostgreSQL: its sessions do make network round
trips, and the notes app's SQLite engine says nothing about them (nor they about it)."""

from sqlalchemy import create_engine
from sqlalchemy.orm import sessionmaker

engine = create_engine("postgresql+psycopg2://reports:secret@db.internal/reports")
ReportSession = sessionmaker(bind=engine)


def get_reports_db():
    db = ReportSession()
    try:
        yield db
    finally:
        db.close()
