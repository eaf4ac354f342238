import os

from fastapi import Depends, FastAPI
from sqlalchemy import create_engine
from sqlalchemy.orm import Session, sessionmaker

from notify import export, finish_scan

app = FastAPI()  # expect: UJ006
engine = create_engine(os.environ["DATABASE_URL"])
SessionLocal = sessionmaker(bind=engine)


async def get_db():
    with SessionLocal() as db:
        yield db


@app.post("/scans/{scan_id}")
async def scan(scan_id: int) -> dict:
    # no topic: `sns_arn not in (None, "")` is false, nothing is published
    return {"status": finish_scan(scan_id)}


@app.post("/scans/{scan_id}/notify")
async def scan_and_notify(scan_id: int) -> dict:
    return {"status": finish_scan(scan_id, sns_arn=os.environ["SCAN_TOPIC"])}


@app.get("/reports")
def reports(db: Session = Depends(get_db)):
    return export(db, db.query(Report))  # ok: the query itself, `fmt` is "query"


@app.get("/reports.csv")
def reports_csv(db: Session = Depends(get_db)):
    return export(db, db.query(Report), fmt="csv")


class Report:
    pass
