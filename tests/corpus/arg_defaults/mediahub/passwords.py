"""A wrapper that calls the function it is handed: what runs is what each caller passes."""

import hashlib


def hash_password(password: str) -> str:
    return hashlib.scrypt(password.encode(), salt=b"salt", n=16384, r=8, p=1).hex()  # expect: UJ001


def verify_password(password: str, stored: str) -> bool:
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), b"salt", 600_000)  # expect: UJ001
    return digest.hex() == stored


async def run_kdf(kdf, *args: str):
    return kdf(*args)
