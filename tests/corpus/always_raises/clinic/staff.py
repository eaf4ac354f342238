"""A dependency that raises whenever it runs: `records` is a package whose `__init__.py`
binds no `Staff` (the class is in `records/people.py`), so `records.Staff` raises
AttributeError on every request, and no endpoint behind it ever runs."""

import requests
from fastapi import APIRouter, Depends, Request

from clinic import records
from clinic.db import Session, get_db
from clinic.records.people import Staff

staff = APIRouter(prefix="/staff")


def current_staff(token: str, db: Session = Depends(get_db)):
    return db.query(records.Staff).filter(records.Staff.token == token).first()  # ok


def staff_or_guest(token: str, db: Session = Depends(get_db)):
    if token == "guest":
        return None
    return db.query(records.Staff).first()  # ok: never runs


@staff.get("/rota")
async def rota(me=Depends(current_staff)):
    return requests.get("http://127.0.0.1:9/rota").json()  # ok: the dependency raises first


@staff.get("/guest-rota")
async def guest_rota(me=Depends(staff_or_guest)):
    return requests.get("http://127.0.0.1:9/rota").json()  # expect: UJ001 (guests get here)


@staff.get("/people/{sid}")
async def person(sid: int, db: Session = Depends(get_db)):
    # `records.people` is a submodule some import loads: an attribute of the package
    return db.get(records.people.Staff, sid)  # expect: UJ001


@staff.get("/tokens/{token}")
async def by_token(token: str, db: Session = Depends(get_db)):
    return db.query(Staff).filter(Staff.token == token).first()  # expect: UJ001


def may_edit(member, shift) -> bool:
    return member is not None and shift is not None


@staff.put("/shifts/{sid}")
async def edit_shift(sid: int, db: Session = Depends(get_db)):
    # `may_edit` takes two arguments: TypeError on every request, before the commit
    if not may_edit(sid):
        return {"allowed": False}
    db.commit()  # ok: never runs
    return {"allowed": True}


def get_archive():
    raise NotImplementedError("the archive store is not wired up yet")


@staff.get("/archive")
async def archive(store=Depends(get_archive)):
    return requests.get("http://127.0.0.1:9/archive").json()  # ok: the dependency raises


def rota_store(db: Session = Depends(get_db)):
    return may_edit(db)  # (a dependency whose one statement always raises)


@staff.get("/rota/store")
async def stored_rota(store=Depends(rota_store)):
    return requests.get("http://127.0.0.1:9/rota").json()  # ok: the dependency raises


def get_settings() -> dict:
    raise NotImplementedError  # a placeholder: main.py overrides it


@staff.get("/settings")
async def settings_page(settings: dict = Depends(get_settings)):
    return requests.get("http://127.0.0.1:9/settings").json()  # expect: UJ001


try:
    from clinic.auth import require_admin
except ImportError:  # a fallback that raises only where the real one cannot be imported

    def require_admin() -> bool:
        raise NotImplementedError


@staff.get("/admin")
async def admin_page(ok: bool = Depends(require_admin)):
    return requests.get("http://127.0.0.1:9/admin").json()  # expect: UJ001


import clinic.records.people  # noqa: E402  (binds `clinic`, the package)


@staff.get("/people/{sid}/by-path")
async def person_by_path(sid: int, db: Session = Depends(get_db)):
    return db.get(clinic.records.people.Staff, sid)  # expect: UJ001


def get_ledger(
    region: str = "north",
) -> dict:
    """The ledger store.

    Not wired up yet: every request raises.
    """
    raise RuntimeError(f"no ledger store for {region}")


@staff.get("/ledger")
async def ledger(store: dict = Depends(get_ledger)):
    return requests.get("http://127.0.0.1:9/ledger").json()  # ok: the dependency raises


def get_journal(request: Request) -> dict | None:
    journal = getattr(request.state, "journal", None)
    if journal is not None:
        return journal
    raise RuntimeError("no journal")  # raises only when the state holds none


@staff.get("/journal")
async def journal_page(store: dict = Depends(get_journal)):
    return requests.get("http://127.0.0.1:9/journal").json()  # expect: UJ001


def get_roster(token: str) -> None:
    if not token:
        raise RuntimeError("no token")  # a raise under a test: the dependency may pass


@staff.get("/roster")
async def roster(ok: None = Depends(get_roster)):
    return requests.get("http://127.0.0.1:9/roster").json()  # expect: UJ001


def get_vault(): raise NotImplementedError  # noqa: E704  (a body on the `def` line)


@staff.get("/vault")
async def vault(store=Depends(get_vault)):
    return requests.get("http://127.0.0.1:9/vault").json()  # ok: the dependency raises
