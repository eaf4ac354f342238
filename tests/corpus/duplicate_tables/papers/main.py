"""The submissions service: its models declare one table twice, so it cannot start."""

from fastapi import Depends, FastAPI
from sqlalchemy import create_engine
from sqlalchemy.orm import Session, sessionmaker

from papers.models import Paper

SessionLocal = sessionmaker(bind=create_engine("postgresql://db/papers"))
app = FastAPI()


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


@app.get("/papers")
def papers(db: Session = Depends(get_db)):
    return db.query(Paper).all()  # ok: the app cannot start
