from fastapi import Depends, FastAPI
from sqlalchemy import create_engine
from sqlalchemy.orm import Session, sessionmaker

from shop.crud import OrderNotifier, Orders, Refunds, RetryingSession

app = FastAPI()
SessionLocal = sessionmaker(bind=create_engine("postgresql://shop@db/shop"))
http = RetryingSession()


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


@app.post("/orders")
async def create_order(code: str, db: Session = Depends(get_db)):
    return Orders(db).create(code)


@app.post("/refunds")
async def create_refund(code: str, db: Session = Depends(get_db)):
    return Refunds(db).create(code)


@app.post("/orders/{code}/notify")
def notify(code: str):
    notifier = OrderNotifier("email")
    return {"channel": notifier.channel}


@app.get("/rates")
async def rates():
    return http.request("GET", "https://rates.example.com").json()
