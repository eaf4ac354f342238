"""One connection per `with db_conn():`, opened on the spot."""

from contextlib import contextmanager

import psycopg


@contextmanager
def db_conn(schema: str = "public"):
    with psycopg.connect("postgresql://family@db/tree") as conn:  # expect: UJ003
        conn.execute(f"SET search_path TO {schema}")
        yield conn
