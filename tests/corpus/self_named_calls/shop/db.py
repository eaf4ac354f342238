from sqlalchemy import Column, Integer, String, create_engine
from sqlalchemy.orm import declarative_base, sessionmaker

engine = create_engine("postgresql://shop:secret@127.0.0.1/shop")
SessionLocal = sessionmaker(bind=engine)
Base = declarative_base()


class Payment(Base):
    __tablename__ = "payments"
    id = Column(Integer, primary_key=True)
    state = Column(String)


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()
