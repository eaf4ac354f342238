from fastapi import Depends, FastAPI
from sqlalchemy import create_engine, func
from sqlalchemy.orm import Session, sessionmaker

app = FastAPI()
SessionLocal = sessionmaker(bind=create_engine("postgresql://mod@db/mod"))


def get_db():
    with SessionLocal() as db:
        yield db


@app.put("/reports/{report_id}")
async def review(report_id: int, db: Session = Depends(get_db)):
    report = db.query(object).first()  # expect: UJ001
    report.reviewed_at = db.func.now()  # a Session has no `func`: AttributeError
    db.commit()  # ok: never runs
    return report


@app.put("/reports/{report_id}/close")
async def close(report_id: int, db: Session = Depends(get_db)):
    report = db.query(object).first()  # expect: UJ001
    report.closed_at = func.now()
    db.commit()  # expect: UJ001
    return report
