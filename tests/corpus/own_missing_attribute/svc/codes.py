"""A service whose method enters `self.db_session()`, which no object of it ever has (its
constructor keeps `self.session`): AttributeError, so nothing in that `with` block runs.
Another class's `self.db_session` and a request's `state.db_session` are not its."""

import hashlib

from passlib.hash import argon2


class CodeService:
    def __init__(self, session) -> None:
        self.session = session

    async def verify(self, code: str, stored: str) -> bool:
        async with self.db_session() as session:
            await session.execute("SELECT 1")
            return argon2.verify(code, stored)  # ok: `self.db_session` raises first

    async def issue(self, code: str) -> str:
        return argon2.hash(code)  # expect: UJ001


class SessionStore:
    def __init__(self, factory) -> None:
        self.db_session = factory


class Tokens:
    async def digest(self, token: str) -> str:
        async with self.db_session() as session:
            await session.execute("SELECT 1")
        return argon2.hash(token)  # expect: UJ001


class CachedTokens(Tokens):
    """Sets the session `Tokens.digest` enters: on its objects that `with` runs."""

    def __init__(self, factory) -> None:
        self.db_session = factory


def fingerprint(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
