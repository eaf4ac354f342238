import hashlib
import time

import requests
from fastapi import Header, HTTPException, Security


async def verify_key(x_api_key: str = Header(...)) -> str:
    digest = hashlib.pbkdf2_hmac("sha256", x_api_key.encode(), b"salt", 100_000)  # expect: UJ001
    return digest.hex()


async def get_user(token: str = Header(...)) -> dict:
    return requests.get("https://auth.internal/me", headers={"authorization": token}).json()  # expect: UJ001


async def rate_limit() -> None:
    time.sleep(0.01)  # expect: UJ001


def audit(user_agent: str = Header("")) -> None:
    with open("/var/log/zoo-audit.log", "a") as fh:  # ok: sync dependency, thread pool
        fh.write(user_agent)


async def require_scopes(user: dict = Security(get_user, scopes=["zoo"])) -> dict:
    return user


class TokenChecker:
    """A callable-instance dependency with an async __call__: runs on the loop."""

    def __init__(self, realm: str):
        self.realm = realm

    async def __call__(self, token: str = Header(...)) -> bool:
        derived = hashlib.scrypt(token.encode(), salt=b"x", n=2**14, r=8, p=1)  # expect: UJ001
        return bool(derived)


class FileAllowList:
    """A callable-instance dependency with a sync __call__: runs in the thread pool."""

    def __call__(self, name: str = "") -> bool:
        with open("/etc/zoo/allow.txt") as fh:  # ok: thread pool
            return name in fh.read()


checker = TokenChecker("zoo")
allow_list = FileAllowList()
