"""Start-up handlers that may well succeed: one raises only when a setting is missing, the
other calls what its module defines."""

import os

from fastapi import FastAPI

from store import db

app = FastAPI()  # expect: UJ006


@app.on_event("startup")
def require_settings():
    if not os.getenv("SHOP_DSN"):
        raise RuntimeError("SHOP_DSN is not set")


@app.on_event("startup")
def warm():
    db.get_connection().close()


@app.post("/checks")
def run_check():
    db.get_connection().cursor().execute("SELECT 1")  # expect: UJ005
