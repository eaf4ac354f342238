"""Litestar calls a handler on its loop — a `def` one too, unless it is marked
`sync_to_thread=True` — and its dependency providers the same way."""

import shutil
import sqlite3
import time

from litestar import Controller, get, post, route, websocket
from litestar.di import Provide

NOTES = "/srv/notes"


def open_db() -> sqlite3.Connection:
    return sqlite3.connect(f"{NOTES}/notes.db")  # expect: UJ001 (a provider, on the loop)


@get("/notes")
async def list_notes(db: sqlite3.Connection) -> list[str]:
    return [row[0] for row in db.execute("select body from notes")]  # expect: UJ001


@post("/notes/archive", sync_to_thread=False)
def archive() -> None:
    shutil.make_archive(f"{NOTES}/archive", "zip", NOTES)  # expect: UJ001


@get("/notes/export", sync_to_thread=True)
def export() -> bytes:
    with open(f"{NOTES}/export.zip", "rb") as fh:  # ok: run in the loop's executor
        return fh.read()


@route("/notes/purge", http_method=["DELETE"])
async def purge() -> None:
    shutil.rmtree(f"{NOTES}/trash")  # expect: UJ001


@websocket("/notes/live")
async def live(socket) -> None:
    time.sleep(0.1)  # expect: UJ001


class TagController(Controller):
    path = "/tags"

    @get()
    async def tags(self) -> list[str]:
        with open(f"{NOTES}/tags.txt") as fh:  # expect: UJ001
            return fh.read().split()


providers = {"db": Provide(open_db, sync_to_thread=False)}
