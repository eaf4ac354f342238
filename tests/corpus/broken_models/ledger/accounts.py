"""A service whose lookup always raises where the models cannot be configured (its query
raises InvalidRequestError, re-raised as the service's own error): what its callers do after
calling it never runs."""

import hashlib

from fastapi import APIRouter, Depends
from sqlalchemy import select
from sqlalchemy.orm import Session

from ledger.models import Account

router = APIRouter()


class LookupFailed(Exception):
    pass


class AccountService:
    def __init__(self, db: Session):
        self.db = db

    def by_email(self, email: str) -> Account | None:
        try:
            return self.db.execute(select(Account).where(Account.email == email)).scalar()
        except Exception as err:
            raise LookupFailed(email) from err

    def sign_in(self, email: str, secret: str) -> Account:
        account = self.by_email(email)
        digest = hashlib.pbkdf2_hmac("sha256", secret.encode(), b"salt", 600_000)  # ok: after the lookup raised
        if account is None or account.digest != digest:
            raise LookupFailed(email)
        return account


@router.post("/sign-in")
async def sign_in(email: str, secret: str, db: Session = Depends(lambda: None)) -> dict:
    account = AccountService(db).sign_in(email, secret)
    return {"id": account.id}
