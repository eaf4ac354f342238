"""A token store the process keeps one of: its Redis client is built once, at import, and
each check sends the request's own token through it — per-request work through a shared
client, no client built per request (UJ005's matter, in the thread pool)."""

from fastapi import Header, HTTPException
from redis import Redis


class TokenStore:
    def __init__(self) -> None:
        self.redis = Redis(host="cache.internal", decode_responses=True)

    def known(self, token: str) -> bool:
        return bool(self.redis.sismember("tokens", token))  # expect: UJ005

    def revoked_count(self) -> int:
        return self.redis.scard("revoked")  # expect: UJ003 (the same answer every time)


tokens = TokenStore()


def require_token(authorization: str = Header("")) -> None:
    if not tokens.known(authorization) or tokens.revoked_count() > 1000:
        raise HTTPException(401)
