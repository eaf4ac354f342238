"""A helper that opens a sqlite3 connection the async route then queries: moving the helper
alone into a thread would hand the loop a connection only that thread may use, so the fix
moves the work with it (or aiosqlite)."""

import sqlite3

from fastapi import FastAPI

app = FastAPI()


def _connect(path: str) -> sqlite3.Connection:
    conn = sqlite3.connect(path)  # expect: UJ001
    conn.execute("CREATE TABLE IF NOT EXISTS entries (amount INTEGER)")  # expect: UJ001
    return conn


@app.get("/ledger")
async def ledger():
    with _connect("ledger.db") as conn:
        return conn.execute("SELECT SUM(amount) FROM entries").fetchone()  # expect: UJ001
