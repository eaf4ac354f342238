from sqlalchemy import Column, Integer, create_engine
from sqlalchemy.orm import declarative_base, sessionmaker

engine = create_engine("mysql+pymysql://clinic:secret@127.0.0.1/clinic")
SessionLocal = sessionmaker(bind=engine)
Base = declarative_base()


class NavItem(Base):
    __tablename__ = "nav_items"
    id = Column(Integer, primary_key=True)


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()
