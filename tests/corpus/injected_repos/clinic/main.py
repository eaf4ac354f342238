from fastapi import Depends, FastAPI
from sqlalchemy.orm import Session

from clinic.db import NavItem, get_db
from clinic.services import nav_service

app = FastAPI()  # expect: UJ006


@app.post("/nav")
def add_nav(db: Session = Depends(get_db)):
    nav_service.create(db, NavItem())
