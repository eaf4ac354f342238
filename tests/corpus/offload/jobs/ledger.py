"""A helper that runs the operation it is given in one transaction, in a worker thread (a
closure handed to asyncio.to_thread): the operation's blocking calls are not the loop's."""

import asyncio
import sqlite3

from fastapi import APIRouter

router = APIRouter(prefix="/ledger")
DB = sqlite3.connect("ledger.db", check_same_thread=False)


async def in_transaction(operation):
    def transact():
        with DB:
            return operation(DB)

    return await asyncio.to_thread(transact)


def release(conn: sqlite3.Connection) -> int:
    return conn.execute("delete from locks").rowcount  # ok: in_transaction's worker thread


@router.post("/release")
async def release_locks():
    return await in_transaction(release)
