# expect: unparsed (its lifespan calls ensure_default_admin on an AccountManager, which has none)
"""A service whose lifespan builds its manager into a module global and calls a method the
class never got, inside a `try` that logs and re-raises: every start-up raises
AttributeError, so none of its routes is ever served."""

import logging
import time
from contextlib import asynccontextmanager

from fastapi import FastAPI

from accounts import AccountManager

log = logging.getLogger(__name__)
manager: AccountManager | None = None


@asynccontextmanager
async def lifespan(app: FastAPI):
    global manager
    try:
        manager = AccountManager("sqlite:///accounts.db")
        await manager.ensure_default_admin()
        yield
    except Exception:
        log.exception("start-up failed")
        raise


app = FastAPI(lifespan=lifespan)


@app.get("/admins")
async def admins():
    time.sleep(0.1)  # ok: the app never starts
    return []
