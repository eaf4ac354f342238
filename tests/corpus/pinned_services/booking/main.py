"""The booking service pins FastAPI 0.116 in its own requirements: anyio's limiter, whatever
the gateway beside it (first in folder order) pins."""

from fastapi import Depends, FastAPI
from sqlalchemy import Column, Integer, create_engine
from sqlalchemy.orm import Session, declarative_base, sessionmaker

engine = create_engine("postgresql://booking:secret@127.0.0.1/booking")
SessionLocal = sessionmaker(bind=engine)
Base = declarative_base()


class Booking(Base):
    __tablename__ = "bookings"
    id = Column(Integer, primary_key=True)


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


app = FastAPI()  # expect: UJ006


@app.get("/bookings/{booking_id}")
def booking(booking_id: int, db: Session = Depends(get_db)):
    return db.query(Booking).filter(Booking.id == booking_id).first()  # expect: UJ005
