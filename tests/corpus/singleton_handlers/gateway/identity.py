"""The identity provider's client, one per process: a module-level accessor builds it under a
memo guard, or a cached factory does. Its discovery document is fetched once and kept on it;
a client built per request fetches it on every request."""

from functools import lru_cache

import httpx


class IdentityClient:
    def __init__(self, issuer: str) -> None:
        self.issuer = issuer
        self._config: dict | None = None

    async def config(self) -> dict:
        if self._config is None:
            async with httpx.AsyncClient() as client:  # ok: the one client keeps what it fetched
                self._config = (await client.get(f"{self.issuer}/.well-known/openid-configuration")).json()
        return self._config


_identity: IdentityClient | None = None


def get_identity() -> IdentityClient:
    global _identity
    if _identity is None:
        _identity = IdentityClient("https://id.internal")
    return _identity


class AuditClient:
    def __init__(self) -> None:
        self._keys: dict | None = None

    async def keys(self) -> dict:
        if self._keys is None:
            async with httpx.AsyncClient() as client:  # ok: the cached factory's one instance
                self._keys = (await client.get("https://audit.internal/keys")).json()
        return self._keys


@lru_cache
def get_audit() -> AuditClient:
    return AuditClient()


class SessionProbe:
    def __init__(self) -> None:
        self._state: dict | None = None

    async def state(self) -> dict:
        if self._state is None:
            async with httpx.AsyncClient() as client:  # expect: UJ003 (a new probe per request)
                self._state = (await client.get("https://id.internal/state")).json()
        return self._state
