from fastapi import Depends, FastAPI
from sqlalchemy import create_engine, func
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import Session, sessionmaker

app = FastAPI()
SessionLocal = sessionmaker(bind=create_engine("postgresql://mod@db/mod"))
async_sessions = async_sessionmaker(create_async_engine("postgresql+asyncpg://mod@db/mod"))


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


async def get_async_db():
    async with async_sessions() as db:
        yield db


@app.post("/reports/{report_id}/attachments")
async def attach(report_id: int, db: AsyncSession = Depends(get_async_db)):
    db.query(object).first()  # an AsyncSession has no `query`: AttributeError
    with open(f"/srv/attachments/{report_id}") as fh:  # ok: never runs
        return fh.read()
