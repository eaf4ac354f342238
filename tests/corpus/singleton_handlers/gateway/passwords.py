"""Password checks: scrypt inline, or on an executor when the process runs in FIPS mode."""

import asyncio
import base64
import hashlib
import hmac
import os


def fips_mode() -> bool:
    return os.environ.get("GATEWAY_FIPS") == "1"


def verify(password: str, stored: str) -> bool:
    raw = base64.b64decode(stored)
    salt, digest = raw[:16], raw[16:]
    again = hashlib.scrypt(password.encode(), salt=salt, n=16384, r=8, p=1)  # expect: UJ001
    return hmac.compare_digest(digest, again)


async def run_kdf(kdf, password: str, stored: str) -> bool:
    if not fips_mode():  # a question asked on every call, not a memo
        return kdf(password, stored)
    return await asyncio.get_running_loop().run_in_executor(None, kdf, password, stored)
