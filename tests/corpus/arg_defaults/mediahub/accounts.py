"""A function that hashes only when the dict it is handed carries a password."""

import hashlib


def hash_password(password: str) -> str:
    return hashlib.scrypt(password.encode(), salt=b"salt", n=16384, r=8, p=1).hex()  # ok


async def update_account(account: dict, changes: dict) -> dict:
    if "password" in changes:
        changes["password_hash"] = hash_password(changes.pop("password"))
    if "avatar" not in changes:
        return account
    account.update(changes)
    return account


def touch(path: str) -> None:
    with open(path, "a"):  # expect: UJ001
        pass


async def rename(account: dict, changes: dict) -> dict:
    if "avatar" not in changes:
        touch(f"/srv/avatars/{account['id']}")
    return account
