"""A service pinned to FastAPI 0.78: the exit of its sync `yield` dependency (`get_db`'s
`finally`) waits for a token of the default limiter too (FastAPI 0.82 gave it a limiter of
its own), so UJ005 counts it among the route's trips."""

from fastapi import Depends, FastAPI, Header
from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session, sessionmaker

engine = create_engine("postgresql://shop@127.0.0.1/shop")
SessionLocal = sessionmaker(bind=engine)
app = FastAPI()  # expect: UJ006


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


def current_user(x_user: str = Header(...)) -> str:
    return x_user.strip()


@app.get("/orders")  # expect: UJ005
def orders(db: Session = Depends(get_db), user: str = Depends(current_user)):
    return db.execute(text("SELECT id FROM orders")).all()  # expect: UJ005


@app.get("/orders/count")  # expect: UJ005
def order_count(db: Session = Depends(get_db), user: str = Depends(current_user)) -> dict:
    # (FastAPI before 0.89 reads no response model from `-> dict`: nothing is validated)
    return {"n": db.execute(text("SELECT count(*) FROM orders")).scalar()}  # expect: UJ005
