from sqlalchemy import create_engine
from sqlalchemy.orm import Session, sessionmaker

engine = create_engine("postgresql://scheduler@db/scheduler", pool_size=20)  # ok: built once at import
SessionLocal = sessionmaker(bind=engine)


def get_session():
    with SessionLocal() as session:  # ok: a session from the shared engine
        yield session
        session.commit()  # ok: the exit runs under a limiter FastAPI makes for it alone, not the default one (no UJ003: the request's own transaction)


def get_writer():
    session = SessionLocal()
    try:
        yield session
        session.commit()  # ok: the exit, as above
    except Exception:
        session.rollback()  # ok: only an error at the `yield` or after it gets here: the exit too
        raise
    finally:
        session.close()


def get_reader():
    try:
        session = SessionLocal()
        yield session
    except Exception:
        session.rollback()  # ok: building `session` cannot get here with it bound: only the exit does
        raise
    finally:
        session.close()
