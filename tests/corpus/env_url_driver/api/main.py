"""The URL comes from the environment alone and the project installs a networked database's
driver: nothing names a local file, so the calls may cross the network."""

from fastapi import Depends, FastAPI
from sqlalchemy import text
from sqlalchemy.orm import Session

from .db import get_db

app = FastAPI()  # expect: UJ006


@app.get("/orders")
def list_orders(db: Session = Depends(get_db)):
    return db.execute(text("select id from orders")).all()  # expect: UJ005
