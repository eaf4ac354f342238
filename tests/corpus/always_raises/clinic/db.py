from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session, sessionmaker

engine = create_engine("postgresql://clinic@127.0.0.1/clinic")
SessionLocal = sessionmaker(bind=engine)


class Patient:
    id: int


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


__all__ = ["Patient", "Session", "get_db", "text"]
