"""A DB-API connection opened for each request (the per-request cost is the connect), whose
commit and rollback are that request's own work."""

import os
from contextlib import contextmanager

import psycopg2


def _connect():
    return psycopg2.connect(host=os.getenv("DB_HOST", "localhost"))  # expect: UJ003


@contextmanager
def get_db():
    conn = _connect()
    cur = conn.cursor()
    try:
        yield cur
        conn.commit()  # ok: one of the places current_device's UJ005 names, at its first (main.py); the request's own commit, no UJ003 of its own
    except Exception:
        conn.rollback()  # ok: the request's own rollback, on the connection it opened
        raise
    finally:
        cur.close()
        conn.close()


def get_conn():
    """`conn = None` before the `try`, for the `finally` to test: still the connection this
    request opens, its commit and rollback this request's own."""
    conn = None
    try:
        conn = psycopg2.connect(host=os.getenv("DB_HOST", "localhost"))  # expect: UJ003
        yield conn
        conn.commit()  # ok: the request's own commit
    except Exception:
        if conn:
            conn.rollback()  # ok: the request's own rollback
        raise
    finally:
        if conn:
            conn.close()
