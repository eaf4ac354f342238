"""A local tested for being unset and filled by the guarded code from what a call makes
right there (`sid = create_visitor(db, name).id`): per call, no memo — each new visitor
pays for the insert."""

import sqlite3

from fastapi import APIRouter

visitors = APIRouter(prefix="/visitors")


def find_visitor(db: sqlite3.Connection, name: str):
    return db.execute("SELECT id FROM visitors WHERE name = ?", (name,)).fetchone()  # expect: UJ001


class Visitor:
    def __init__(self, vid: int) -> None:
        self.id = vid


def create_visitor(db: sqlite3.Connection, name: str) -> Visitor:
    cursor = db.execute("INSERT INTO visitors (name) VALUES (?)", (name,))  # expect: UJ001
    db.commit()  # expect: UJ001
    return Visitor(cursor.lastrowid)


@visitors.post("/{name}")
async def visit(name: str):
    db = sqlite3.connect("visitors.db")  # expect: UJ001
    sid = find_visitor(db, name)
    if not sid:
        sid = create_visitor(db, name).id
    return {"visitor": sid}


class VisitorStore:
    def get(self, db: sqlite3.Connection, *, name: str):
        return db.execute("SELECT id FROM visitors WHERE name = ?", (name,)).fetchone()  # expect: UJ001

    def create(self, db: sqlite3.Connection, *, name: str) -> None:
        db.execute("INSERT INTO visitors (name) VALUES (?)", (name,))  # expect: UJ001
        db.commit()  # expect: UJ001


store = VisitorStore()


@visitors.put("/{name}/seen")
async def seen(name: str):
    db = sqlite3.connect("visitors.db")  # expect: UJ001
    if not store.get(db, name=name):
        store.create(db, name=name)  # (a get-or-create: the table keeps the row, no cache)
    return {}


class GuestStore:
    def get(self, db: sqlite3.Connection, *, name: str):
        return db.execute("SELECT id FROM guests WHERE name = ?", (name,)).fetchone()  # expect: UJ001

    def create_guest(self, db: sqlite3.Connection, *, name: str) -> None:
        db.execute("INSERT INTO guests (name) VALUES (?)", (name,))  # expect: UJ001
        db.commit()  # expect: UJ001


class Stores:
    guests = GuestStore()


crud = Stores()


def register_desk(db: sqlite3.Connection) -> None:
    found = crud.guests.get(db, name="front desk")
    if not found:
        crud.guests.create_guest(db, name="front desk")  # (a get-or-create, through a local)


@visitors.put("/front-desk")
async def front_desk():
    register_desk(sqlite3.connect("visitors.db"))  # expect: UJ001
