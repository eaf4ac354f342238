from sqlalchemy import Column, Integer, String, create_engine
from sqlalchemy.orm import declarative_base, sessionmaker

engine = create_engine("postgresql+psycopg2://desk@db/desk")
SessionLocal = sessionmaker(bind=engine)
Base = declarative_base()


class Presence(Base):
    __tablename__ = "presence"
    id = Column(Integer, primary_key=True)
    user_id = Column(Integer, unique=True)


class ModeConfig(Base):
    __tablename__ = "mode_configs"
    id = Column(Integer, primary_key=True)
    key = Column(String, unique=True)


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()
