# expect: unparsed (its start-up handler calls init_db, which always raises, and re-raises)
"""A start-up handler that re-raises what `init_db` raises: uvicorn prints "Application
startup failed. Exiting.", so no route is ever served."""

import logging

from fastapi import Depends, FastAPI
from sqlalchemy.orm import Session

from strict.db import get_db, init_db

logger = logging.getLogger(__name__)
app = FastAPI()


@app.on_event("startup")
async def startup() -> None:
    logger.info("starting")
    try:
        init_db()
    except Exception:
        logger.error("start-up failed")
        raise


@app.get("/orders")
async def orders(db: Session = Depends(get_db)):
    return db.execute("SELECT id FROM orders").all()  # ok: never served
