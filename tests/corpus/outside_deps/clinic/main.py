"""A route whose dependency comes from a library (fastapi-users' `current_user(...)`): what that
dependency runs in the thread pool is not seen, so the route's trip count is a floor."""

from typing import Annotated

from fastapi import Depends, FastAPI
from fastapi_users import FastAPIUsers

users = FastAPIUsers(None, [])
current_active_user = users.current_user(active=True)

app = FastAPI()


def get_db():
    return {}


def get_settings():
    return {}


def get_clock():
    return 0


@app.get("/me")  # expect: UJ005
def me(user=Depends(current_active_user), db=Depends(get_db), settings=Depends(get_settings)):
    return {"user": user}


@app.get("/time")  # expect: UJ005
def clock(db=Depends(get_db), settings=Depends(get_settings), now=Depends(get_clock)):
    return {"now": now}


class RoleChecker:
    """A callable dependency: each `require_role(...)` builds one, and FastAPI runs its sync
    `__call__` in the thread pool, one more trip."""

    def __init__(self, role: str):
        self.role = role

    def __call__(self, db=Depends(get_db)):
        return self.role


def require_role(role: str):
    return Depends(RoleChecker(role))


@app.get("/admin")  # expect: UJ005
def admin(user: Annotated[str, require_role("admin")], settings=Depends(get_settings)):
    return {"user": user}


@app.get("/audit")  # expect: UJ005
def audit(user: str = require_role("auditor"), now=Depends(get_clock)):
    return {"user": user}
