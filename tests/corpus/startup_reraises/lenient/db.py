"""The engine, a session dependency, and a connection check SQLAlchemy 2 refuses: a plain
string is no statement (`conn.execute(text("SELECT 1"))` would be), so `init_db` raises
ObjectNotExecutableError whenever it runs, through its `with` and its re-raising `try`."""

import logging

from sqlalchemy import create_engine
from sqlalchemy.orm import sessionmaker

logger = logging.getLogger(__name__)
engine = create_engine("postgresql://shop@db/shop")
SessionLocal = sessionmaker(bind=engine)


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


def init_db() -> None:
    try:
        with engine.connect() as conn:  # expect: UJ002
            conn.execute("SELECT 1")
        logger.info("database reachable")
    except Exception:
        logger.exception("database unreachable")
        raise
