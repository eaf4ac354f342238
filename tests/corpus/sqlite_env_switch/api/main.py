"""An engine chosen by a settings switch between SQLite and a `postgresql://` default, in a
project that installs no PostgreSQL driver: `create_engine` would raise for the second, so
the app runs on SQLite and the sessions' calls read a local file."""

from fastapi import Depends, FastAPI
from pydantic_settings import BaseSettings
from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session, sessionmaker


class Settings(BaseSettings):
    DATABASE_URL: str = "postgresql://tracker:tracker@localhost:5432/tracker"
    USE_SQLITE: bool = True
    SQLITE_URL: str = "sqlite:///./tracker.db"


settings = Settings()
if settings.USE_SQLITE:
    engine = create_engine(settings.SQLITE_URL, connect_args={"check_same_thread": False})
else:
    engine = create_engine(settings.DATABASE_URL)
SessionLocal = sessionmaker(bind=engine)


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


app = FastAPI()  # ok: its routes wait only on SQLite, whose lock a larger limiter does not widen: no UJ006


@app.get("/sightings")
def sightings(db: Session = Depends(get_db)):
    return db.execute(text("select id from sightings")).all()  # ok: a local SQLite file
