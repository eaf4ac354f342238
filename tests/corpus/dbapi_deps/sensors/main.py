from fastapi import Depends, FastAPI
from sqlalchemy import create_engine, text

from sensors.db import get_conn, get_db

engine = create_engine("postgresql+psycopg2://sensors:secret@db.internal/sensors")
app = FastAPI()  # expect: UJ006


def current_device(token: str):
    with get_db() as cur:
        cur.execute("select id from devices where token = %s", (token,))  # expect: UJ005
        return cur.fetchone()


@app.get("/readings")
def readings(device=Depends(current_device)):
    with engine.connect() as conn:  # expect: UJ005
        with conn.begin():  # ok: no round trip, the next statement opens the transaction
            return conn.execute(text("select value from readings")).all()


@app.get("/devices")
def devices(conn=Depends(get_conn)):
    with conn.cursor() as cur:
        cur.execute("select id from devices")  # expect: UJ005
        return cur.fetchall()
