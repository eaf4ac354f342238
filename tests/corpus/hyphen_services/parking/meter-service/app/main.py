# expect: unparsed (its start-up handler calls db.init, which its app/database/db.py lacks)
from fastapi import FastAPI

from app.database import db
from app.routes import meters

app = FastAPI()
app.include_router(meters.router, prefix="/meters")


@app.on_event("startup")
def startup():
    db.init()
