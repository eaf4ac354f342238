"""Lifespans whose managers have what they call: one sets the method as an attribute in its
`__init__`, the other's `try` swallows the error."""

import time
from contextlib import asynccontextmanager

from fastapi import FastAPI

from accounts import AccountManager, AuditManager


@asynccontextmanager
async def lifespan(app: FastAPI):
    audit = AuditManager("sqlite:///audit.db")
    await audit.seed_defaults()
    try:
        accounts = AccountManager("sqlite:///accounts.db")
        await accounts.ensure_default_admin()
    except AttributeError:
        pass
    yield


app = FastAPI(lifespan=lifespan)


@app.get("/audit")
async def audit_log():
    time.sleep(0.1)  # expect: UJ001
    return []
