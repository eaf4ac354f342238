from fastapi import Depends, FastAPI
from sqlalchemy import text

from shop.db import get_conn, get_session

app = FastAPI()  # expect: UJ006


@app.get("/health")
def health(session=Depends(get_session)):
    return {"ok": session is not None}


@app.get("/version")
def version(conn=Depends(get_conn)):
    return {"ok": conn is not None}


@app.get("/orders")
def orders(session=Depends(get_session)):
    return session.execute(text("select id from orders")).all()  # expect: UJ005
