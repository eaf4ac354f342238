import sqlite3

from fastapi import APIRouter, Depends
from fastapi.responses import PlainTextResponse, StreamingResponse
from pydantic import BaseModel, HttpUrl

from ledger.db import get_db, page_size
from ledger.exporter import LedgerExporter

router = APIRouter(prefix="/accounts")
exporter = LedgerExporter()


@router.get("/")  # expect: UJ005
def list_accounts(db: sqlite3.Connection = Depends(get_db), size: int = Depends(page_size)):
    return db.execute("select * from accounts limit ?", (size,)).fetchall()


@router.get("/{account_id}")  # ok: two sync pieces (current_user, the endpoint), one after another
def get_account(account_id: int):
    return {"id": account_id}


@router.get("/{account_id}/balance")  # expect: UJ005
def balance(account_id: int, db: sqlite3.Connection = Depends(get_db)):
    return db.execute("select sum(amount) from entries where account = ?", (account_id,)).fetchone()


@router.post("/{account_id}/statement")
async def statement(account_id: int):
    return {"pdf": await exporter.statement(account_id)}


class Quota:
    """A callable dependency: FastAPI runs each instance once per request, in the pool."""

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute

    def __call__(self) -> None:
        return None


shared_quota = Quota(60)


@router.get("/{account_id}/limits")  # expect: UJ005
async def limits(
    account_id: int, burst: None = Depends(Quota(10)), steady: None = Depends(Quota(100))
):
    # two instances, two calls: with current_user, three sync pieces
    return {"id": account_id}


@router.get("/{account_id}/owner")  # ok: one instance twice is one call (two sync pieces)
async def owner(account_id: int, a: None = Depends(shared_quota), b: None = Depends(shared_quota)):
    return {"id": account_id}


class Account(BaseModel):
    id: int


@router.get("/{account_id}/summary")  # ok: current_user, the endpoint, then the validation: an ordinary sync route
def summary(account_id: int) -> Account:
    return Account(id=account_id)


@router.get("/{account_id}/ledger")  # expect: UJ005 (four trips: current_user, get_db, the endpoint, the validation)
def ledger(account_id: int, db: sqlite3.Connection = Depends(get_db)) -> list[dict]:
    return db.execute("select * from entries where account = ?", (account_id,)).fetchall()


@router.get("/{account_id}/raw", response_model=None)  # expect: UJ005 (three: nothing validated)
def raw(account_id: int, db: sqlite3.Connection = Depends(get_db)) -> Account:
    return Account(id=account_id)


@router.get("/{account_id}/export")  # expect: UJ005 (three: a Response is sent as it is)
def export(account_id: int, db: sqlite3.Connection = Depends(get_db)) -> PlainTextResponse:
    return PlainTextResponse(str(account_id))


@router.get("/{account_id}/feed", response_model=Account)  # expect: UJ005 (three: the stream it returns is sent as it is, whatever response_model says)
def feed(account_id: int, db: sqlite3.Connection = Depends(get_db)):
    return StreamingResponse(iter([str(account_id)]), media_type="text/plain")


@router.get("/{account_id}/links")  # expect: UJ005 (four: a dict of URLs is validated too)
def links(account_id: int, db: sqlite3.Connection = Depends(get_db)) -> dict[str, HttpUrl]:
    return {}
