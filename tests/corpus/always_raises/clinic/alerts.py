"""A call whose argument names an enum member the enum lacks: Python raises AttributeError
while it evaluates the arguments, so the function is never entered from there."""

import smtplib
from enum import Enum

from fastapi import APIRouter

alerts = APIRouter(prefix="/alerts")


class AlertKind(str, Enum):
    LOGIN_OK = "login_ok"
    LOCKED = "locked"


def send_alert(kind: AlertKind, to: str) -> None:
    with smtplib.SMTP("mail.internal", 587) as smtp:  # expect: UJ001
        smtp.sendmail("clinic@internal", [to], kind.value)  # expect: UJ001


@alerts.post("/login")
async def login_alert(to: str):
    send_alert(AlertKind.LOGIN_FAILED, to)  # (no such member: AttributeError, every time)
    return {}


@alerts.post("/locked")
async def locked_alert(to: str):
    send_alert(AlertKind.LOCKED, to)
    return {}


class Outbox:
    """Its spool folder moved to the database: the object keeps only what is pending."""

    def __init__(self) -> None:
        self.pending: list[str] = []


outbox = Outbox()
