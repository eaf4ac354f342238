"""Repositories made by a factory: each `Depends(get_repo(...))` a `def` writes in its
signature is a callable of its own (FastAPI caches a dependency by the callable, so each
runs); an alias holds one callable for every function that uses it."""

from typing import Annotated

from fastapi import Depends


class Repo:
    def __init__(self, kind: str, db: dict):
        self.kind = kind
        self.db = db


def get_db():
    db = {"open": True}
    try:
        yield db
    finally:
        db["open"] = False


def get_repo(kind: str):
    def _get_repo(db=Depends(get_db)) -> Repo:
        return Repo(kind, db)

    return _get_repo


def get_user_services(repo=Depends(get_repo("users"))):
    return {"repo": repo}


def get_login_services(repo=Depends(get_repo("users")), users=Depends(get_user_services)):
    return {"repo": repo, "users": users}


UserRepo = Annotated[Repo, Depends(get_repo("users"))]


def get_audit(repo: UserRepo):
    return {"audit": repo}


def get_stats(repo: UserRepo):
    return {"stats": repo}
