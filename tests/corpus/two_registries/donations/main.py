from fastapi import Depends, FastAPI
from sqlalchemy import create_engine
from sqlalchemy.orm import Session, sessionmaker

from donations.accounts import User
from donations.campaigns import Campaign  # noqa: F401

SessionLocal = sessionmaker(bind=create_engine("postgresql://donations@db/donations"))
app = FastAPI()


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


@app.post("/login")
async def login(email: str, db: Session = Depends(get_db)) -> dict:
    user = db.query(User).filter(User.email == email).first()  # expect: UJ001
    return {"id": user.id}
