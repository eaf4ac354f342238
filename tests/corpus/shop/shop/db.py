from collections.abc import Iterator

from sqlalchemy import create_engine
from sqlalchemy.orm import Session, sessionmaker

engine = create_engine("postgresql://shop@db/shop")  # ok: module level, once
SessionLocal = sessionmaker(bind=engine, autoflush=False)


def get_db() -> Iterator[Session]:
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()  # ok: close is not a round trip we report


def get_raw_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()
