from fastapi import Depends, FastAPI
from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session, sessionmaker

from .settings import settings

engine = create_engine(settings.DATABASE_URL)
SessionLocal = sessionmaker(bind=engine)
app = FastAPI()  # ok: its routes wait only on SQLite, whose lock a larger limiter does not widen: no UJ006


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


@app.get("/slots")
def free_slots(db: Session = Depends(get_db)):
    return db.execute(text("select id from slots where free")).all()  # ok: a local SQLite file
