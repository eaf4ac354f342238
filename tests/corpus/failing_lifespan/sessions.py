# expect: unparsed (its start-up handler calls db.init, which store/db.py does not define)
"""A service whose start-up handler calls a function its database module does not define:
Starlette's start-up raises AttributeError, so none of its routes is ever served."""

from fastapi import FastAPI

from store import db

app = FastAPI()


@app.on_event("startup")
def startup():
    db.init()


@app.post("/sessions")
def start_session():
    db.get_connection().cursor().execute("SELECT 1")  # ok: the app never starts
