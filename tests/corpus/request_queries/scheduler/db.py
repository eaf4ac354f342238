from sqlalchemy import create_engine
from sqlalchemy.orm import Session, sessionmaker

engine = create_engine("postgresql://scheduler@db/scheduler", pool_size=20)  # ok: built once at import
SessionLocal = sessionmaker(bind=engine)


def get_session():
    with SessionLocal() as session:  # ok: a session from the shared engine
        yield session
        session.commit()  # expect: UJ005 (a token held through the commit; no UJ003: the request's own transaction)
