"""Rentals: a sync bearer-token dependency that only decodes a JWT with a shared secret."""

import datetime
import logging

import jwt
from fastapi import Depends, FastAPI, HTTPException
from pydantic import BaseModel
from sqlalchemy import create_engine
from sqlalchemy.orm import Session, sessionmaker

engine = create_engine("postgresql://rentals@db/rentals")
SessionLocal = sessionmaker(bind=engine)
app = FastAPI()  # expect: UJ006
log = logging.getLogger("rentals")


class Rental(BaseModel):
    id: int
    bike: str


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


def get_current_user(authorization: str) -> dict:
    try:
        claims = jwt.decode(authorization, "secret", algorithms=["HS256"])
    except jwt.PyJWTError:
        raise HTTPException(401, "invalid token")
    if claims["exp"] < datetime.datetime.now(datetime.timezone.utc).timestamp():
        raise HTTPException(401, "expired")
    log.info("user %s", claims["sub"])
    return {"id": int(claims["sub"])}


@app.get("/rentals/{rental_id}", response_model=Rental)  # expect: UJ005
def rental(rental_id: int, user: dict = Depends(get_current_user), db: Session = Depends(get_db)):
    return db.get(Rental, rental_id)  # expect: UJ005
