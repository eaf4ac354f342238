import sqlite3
from collections.abc import Iterator


def get_db() -> Iterator[sqlite3.Connection]:
    conn = sqlite3.connect("ledger.db", check_same_thread=False)
    try:
        yield conn
    finally:
        conn.close()


def page_size(limit: int = 50) -> int:
    return min(limit, 500)
