"""A function that hashes only when the dict it is handed carries a password."""

import hashlib
import sqlite3


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


def find_account(db: sqlite3.Connection, account_id: int | None = None, email: str | None = None) -> dict | None:
    """One of two keys: the `else` runs only for a call that passes an `account_id`."""
    if not email and not account_id:
        return None
    if email:
        return db.execute("select * from accounts where email = ?", (email,)).fetchone()  # expect: UJ001
    return db.execute("select * from accounts where id = ?", (account_id,)).fetchone()  # ok: by email only


def find_owner(db: sqlite3.Connection, owner_id: int | None = None, handle: str | None = None) -> dict | None:
    if owner_id is None and handle is None:
        raise ValueError("owner_id or handle")
    if handle is not None:
        return db.execute("select * from owners where handle = ?", (handle,)).fetchone()  # expect: UJ001
    return db.execute("select * from owners where id = ?", (owner_id,)).fetchone()  # ok: by handle only


def apply_renames(root: str, renames: dict[str, str] = {}) -> None:  # noqa: B006
    for old, new in renames.items():
        with open(f"{root}/{new}", "w") as fh:  # ok: no call passes renames
            fh.write(old)


def sync_folder(root: str, renames: dict[str, str] = {}) -> None:  # noqa: B006
    apply_renames(root, renames=renames)
    with open(f"{root}/.synced", "w") as fh:  # expect: UJ001
        fh.write("ok")
