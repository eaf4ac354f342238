from sqlalchemy import create_engine
from sqlalchemy.orm import sessionmaker

from .settings import settings

# (a `connect_args` chosen by the URL proves nothing: the URL decides)
connect_args = {"check_same_thread": False} if settings.DATABASE_URL.startswith("sqlite") else {}
engine = create_engine(settings.DATABASE_URL, connect_args=connect_args)
SessionLocal = sessionmaker(bind=engine)


def get_db():
    with SessionLocal() as session:
        yield session
