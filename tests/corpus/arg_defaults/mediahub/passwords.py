"""A wrapper that calls the function it is handed: what runs is what each caller passes."""

import hashlib


def hash_password(password: str) -> str:
    return hashlib.scrypt(password.encode(), salt=b"salt", n=16384, r=8, p=1).hex()  # expect: UJ001


def verify_password(password: str, stored: str) -> bool:
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), b"salt", 600_000)  # expect: UJ001
    return digest.hex() == stored


async def run_kdf(kdf, *args: str):
    return kdf(*args)


class Hasher:
    def __call__(self, password: str) -> str:
        with open("/etc/mediahub/pepper") as fh:  # expect: UJ001
            return hashlib.sha256(password.encode() + fh.read().encode()).hexdigest()


HASHERS: dict[str, Hasher] = {}


async def hash_with(hasher: Hasher, password: str) -> str:
    # its type comes from the annotation: what a caller passes is not known here
    return hasher(password)
