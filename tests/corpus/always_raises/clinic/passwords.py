"""A password reset whose hashing helper is imported nowhere (NameError, every time), in a
module whose session runs queries with SQLModel's `db.exec(...)`: that is no builtin `exec`,
which could make names up, so the name is known to be missing."""

from enum import Enum
from functools import partial

from fastapi import APIRouter, Depends
from sqlmodel import Session, select

from clinic.db import Patient, get_db

passwords = APIRouter(prefix="/passwords")


@passwords.post("/{uid}")
async def new_password(uid: int, password: str, db: Session = Depends(get_db)):
    user = db.exec(select(Patient).where(Patient.id == uid)).first()  # expect: UJ001
    user.password = hash_password(password)  # noqa: F821
    db.commit()  # ok: never runs
    return {"ok": True}


class Mailer:
    def __init__(self, host: str, sender: str) -> None:
        self.host = host
        self.sender = sender


class Reminders:
    def __init__(self, db: Session, mailer: Mailer) -> None:
        self.db = db
        self.mailer = mailer


@passwords.post("/{uid}/remind")
async def remind(uid: int, db: Session = Depends(get_db)):
    reminders = Reminders(db)  # (its `mailer` is never passed: TypeError, every time)
    db.commit()  # ok: never runs
    return reminders


@passwords.post("/{uid}/notify")
async def notify(uid: int, db: Session = Depends(get_db)):
    reminders = Reminders(db, Mailer("127.0.0.1", sender="clinic"))
    db.commit()  # expect: UJ001
    return reminders


class Checks:
    @staticmethod
    def dates_valid(start: str) -> bool:
        return bool(start)


@passwords.post("/{uid}/window")
async def window(uid: int, start: str, end: str, db: Session = Depends(get_db)):
    Checks.dates_valid(start, end)  # (one parameter, two arguments: TypeError)
    db.commit()  # ok: never runs
    return {"ok": True}


class Channel(Enum):
    EMAIL = "email"
    SMS = "sms"


@passwords.post("/{uid}/channel")
async def channel(uid: int, raw: str, db: Session = Depends(get_db)):
    chosen = Channel(raw)  # (a member, whose `value` Enum gives it)
    label = chosen.value
    db.commit()  # expect: UJ001
    return {"channel": label}


class Repository:
    def __init__(self, model: type, db: Session) -> None:
        self.model = model
        self.db = db


class Factory:
    patients = partial(Repository, Patient)

    def patient_repository(self, db: Session = Depends(get_db)) -> Repository:
        return self.patients(db=db)  # (the partial passes `model` first)


@passwords.get("/{uid}/repository")
async def repository(uid: int, found: Repository = Depends(Factory().patient_repository)):
    found.db.commit()  # expect: UJ001
    return {"model": found.model.__name__}
