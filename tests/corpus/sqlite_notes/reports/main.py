from fastapi import Depends, FastAPI
from sqlalchemy import text
from sqlalchemy.orm import Session

from .db import get_reports_db

app = FastAPI()  # expect: UJ006


@app.get("/reports")
def list_reports(db: Session = Depends(get_reports_db)):
    return db.execute(text("select title from reports")).all()  # expect: UJ005
