"""A statement whose call names an enum member the enum lacks raises AttributeError as its
arguments are evaluated: what follows it in the block never runs."""

import smtplib

from fastapi import APIRouter

from clinic.alerts import AlertKind
from clinic.db import engine
from sqlalchemy import text

digests = APIRouter(prefix="/digests")


def headline(kind: AlertKind) -> str:
    return kind.value.upper()


@digests.post("/weekly")
async def weekly(to: str):
    subject = headline(AlertKind.LOCKED)
    body = headline(AlertKind.ARCHIVED)  # (no such member: AttributeError, every time)
    with smtplib.SMTP("mail.internal", 587) as smtp:  # ok: never reached
        smtp.sendmail("clinic@internal", [to], subject + body)  # ok: never reached
    return {}


@digests.get("/ping")
async def ping() -> dict:
    with engine.connect() as conn:  # expect: UJ001
        conn.execute("SELECT 1")  # ok: SQLAlchemy 2 refuses a plain string (ArgumentError)
    return {}


@digests.post("/visits/{visit_id}/seen")
async def mark_seen(visit_id: int, nurse: str) -> dict:
    with engine.begin() as conn:  # expect: UJ001
        # parameters as a DB-API cursor takes them: SQLAlchemy 2 wants a dict (ArgumentError)
        conn.execute(text("UPDATE visits SET seen_by = ? WHERE id = ?"), (nurse, visit_id))  # ok: never runs
        conn.execute(text("UPDATE visits SET seen = 1 WHERE id = :id"), {"id": visit_id})  # ok: never runs
    return {}


@digests.post("/visits/{visit_id}/read")
async def mark_read(visit_id: int, nurse: str) -> dict:
    with engine.begin() as conn:  # expect: UJ001
        conn.execute(text("UPDATE visits SET read_by = :n WHERE id = :id"), [{"n": nurse, "id": visit_id}])  # expect: UJ001
    return {}
