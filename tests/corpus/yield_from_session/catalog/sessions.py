"""A session maker whose dependency delegates with `yield from`, two generators deep: the
commit and rollback after the innermost `yield` run as the dependency resumes, in its exit,
under a limiter FastAPI makes for that exit alone."""

from functools import lru_cache

from sqlalchemy import create_engine
from sqlalchemy.orm import Session, sessionmaker

engine = create_engine("postgresql+psycopg://catalog:secret@db.internal/catalog")


def _get_db(maker: sessionmaker):
    session = maker()  # ok: a session connects on its first query
    try:
        yield session
        session.commit()  # ok: the dependency's exit
    except Exception:
        session.rollback()  # ok: the same exit
        raise
    finally:
        session.close()


class SessionMaker:
    def __init__(self) -> None:
        self.maker = sessionmaker(bind=engine)

    def get_db(self):
        yield from _get_db(self.maker)


@lru_cache
def get_maker() -> SessionMaker:
    return SessionMaker()


def get_session():
    yield from get_maker().get_db()


def get_session_checked():
    session: Session
    for session in _get_db(sessionmaker(bind=engine)):
        session.connection()  # expect: UJ003
        yield session
