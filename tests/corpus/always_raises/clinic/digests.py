"""A statement whose call names an enum member the enum lacks raises AttributeError as its
arguments are evaluated: what follows it in the block never runs."""

import smtplib

from fastapi import APIRouter

from clinic.alerts import AlertKind
from clinic.db import engine

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
