"""Sessions and connections opened in a context manager that the dependencies enter around
their `yield`: what the manager runs after its own `yield` runs as the `with` ends, in the
dependency's exit."""

from contextlib import contextmanager

from sqlalchemy import create_engine
from sqlalchemy.orm import sessionmaker

engine = create_engine("postgresql+psycopg://shop:secret@db.internal/shop")
SessionLocal = sessionmaker(bind=engine)


@contextmanager
def session_scope():
    session = SessionLocal()  # ok: a session connects on its first query
    try:
        yield session
        session.commit()  # ok: the dependency's exit, under a limiter of its own
    except Exception:
        session.rollback()  # ok: the same exit
        raise
    finally:
        session.close()


@contextmanager
def connected():
    conn = engine.connect()  # expect: UJ003
    try:
        yield conn
    finally:
        conn.close()


def get_session():
    with session_scope() as session:
        yield session


def get_conn():
    with connected() as conn:
        yield conn
