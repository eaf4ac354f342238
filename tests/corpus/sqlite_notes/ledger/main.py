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


class Journal:
    """Keeps its connection and cursor: neither the constructor nor a method moves alone."""

    def __init__(self, path: str):
        self.conn = sqlite3.connect(path)  # expect: UJ001
        self.cur = self.conn.cursor()

    def add(self, amount: int) -> None:
        self.cur.execute("INSERT INTO entries VALUES (?)", (amount,))  # expect: UJ001
        self.conn.commit()  # expect: UJ001


class SharedJournal:
    """A connection any thread may use: moving the constructor alone is fine."""

    def __init__(self, path: str):
        self.conn = sqlite3.connect(path, check_same_thread=False)  # expect: UJ001


@app.post("/journal")
async def journal(amount: int):
    Journal("ledger.db").add(amount)


@app.get("/journal/shared")
async def shared_journal():
    return {"open": SharedJournal("ledger.db").conn is not None}


def _total(conn: sqlite3.Connection) -> int:
    """Handed the route's connection: moved alone into a thread, it would query there."""
    return conn.execute("SELECT SUM(amount) FROM entries").fetchone()[0]  # expect: UJ001


@app.get("/ledger/total")
async def ledger_total():
    conn = sqlite3.connect("ledger.db")  # expect: UJ001
    return {"total": _total(conn)}


def _journal_size(journal: Journal) -> int:
    return journal.cur.execute("SELECT COUNT(*) FROM entries").fetchone()[0]  # expect: UJ001


@app.get("/journal/size")
async def journal_size():
    return {"size": _journal_size(Journal("ledger.db"))}


class Ledger:
    """Keeps a cursor of a connection it is handed, one object for every request: a thread
    per request would share that cursor, so the fix opens one per call (or aiosqlite)."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        self.cur = conn.cursor()

    def balance(self) -> int:
        self.cur.execute("SELECT SUM(amount) FROM entries")  # expect: UJ001
        return self.cur.fetchone()[0]  # expect: UJ001


shared_ledger = Ledger(sqlite3.connect("ledger.db", check_same_thread=False))


@app.get("/ledger/balance")
async def ledger_balance():
    return {"balance": shared_ledger.balance()}


class Accounts:
    """Keeps only a path: `_connect` opens a new connection on each call and returns it."""

    def __init__(self, path: str):
        self._path = path

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self._path)  # expect: UJ001


accounts = Accounts("ledger.db")


@app.get("/accounts/count")
async def accounts_count():
    with accounts._connect() as conn:
        return conn.execute("SELECT COUNT(*) FROM entries").fetchone()  # expect: UJ001


class Cache:
    """Opens its connection on first use, not in `__init__`: it keeps it all the same."""

    def __init__(self, path: str):
        self._path = path
        self._conn: sqlite3.Connection | None = None

    def open(self) -> None:
        if self._conn is None:
            self._conn = sqlite3.connect(self._path)  # expect: UJ001

    def stale(self) -> bool:
        self.open()
        return self._conn.execute("SELECT COUNT(*) FROM stale").fetchone()[0] > 0  # expect: UJ001


cache = Cache("cache.db")


@app.get("/cache/stale")
async def cache_stale():
    return {"stale": cache.stale()}
