"""Connections for the routes: a pool the lifespan opens, with a direct connection as the
fallback for scripts and tests that never run the lifespan. Once the app serves, the pool is
set, so the fallback never runs for a request."""

import os
from contextlib import contextmanager

import psycopg
import requests
from psycopg_pool import ConnectionPool

DSN = "postgresql://127.0.0.1/shop"
_pool: ConnectionPool | None = None
_search = None
SIGNER = os.getenv("SIGNER_EMAIL")  # a setting: it may be unset


def init_pool() -> None:
    global _pool
    _pool = ConnectionPool(DSN)  # ok: starts the threads that connect, and returns


def close_pool() -> None:
    """Called by the lifespan as the app shuts down: no request runs after it."""
    global _pool
    if _pool is not None:
        _pool.close()  # expect: UJ002
        _pool = None


def init_search() -> None:
    global _search
    _search = psycopg.connect(DSN)  # expect: UJ002


def reset_search() -> None:
    """Called by a route: a request may find `_search` unset again."""
    global _search
    _search = None


SIGNER = os.getenv("SIGNER_EMAIL")  # a setting: it may be unset


@contextmanager
def get_conn():
    if _pool is not None:
        with _pool.connection() as conn:  # ok: one of the places the UJ005 of `orders` names, at its first (main.py)
            yield conn
    else:
        conn = psycopg.connect(DSN)  # ok: the lifespan always sets the pool first
        try:
            yield conn
        finally:
            conn.close()


def pooled_or_direct():
    if not _pool:
        return psycopg.connect(DSN)  # ok: the lifespan always sets the pool first
    return _pool.getconn()


def search_conn():
    if _search is not None:
        conn = _search
    else:
        conn = psycopg.connect(DSN)  # expect: UJ003 (a route resets it: this may run)
    return conn


def signer_email() -> str:
    if SIGNER:
        return SIGNER
    return requests.get("http://127.0.0.1:8081/email", timeout=2).text  # expect: UJ001
