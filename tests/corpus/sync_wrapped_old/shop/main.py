"""FastAPI 0.115 (requirements.txt) asks the object it is given whether it is a coroutine
function: an `async def` endpoint under a `def` wrapper runs in the thread pool, hands back a
coroutine nobody awaits, and fails on every request; its body never runs."""

from fastapi import Depends, FastAPI
from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session, sessionmaker

from shop.caching import cached, remembered

engine = create_engine("postgresql://shop@db/shop")
SessionLocal = sessionmaker(bind=engine)
app = FastAPI()


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


@app.get("/stats")
@cached
async def stats(db: Session = Depends(get_db)):
    return db.execute(text("SELECT count(*) FROM orders")).scalar()  # ok: never runs


@app.get("/stats/daily")
@remembered
async def daily_stats(db: Session = Depends(get_db)):
    return db.execute(text("SELECT count(*) FROM orders")).scalar()  # expect: UJ001


@app.get("/stats/live")
async def live_stats(db: Session = Depends(get_db)):
    return db.execute(text("SELECT count(*) FROM orders")).scalar()  # expect: UJ001
