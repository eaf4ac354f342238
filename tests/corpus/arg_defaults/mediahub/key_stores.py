"""A key store picked by an enum member's value (`if kind == KeyStore.VAULT.value:`): a route
that passes the text of one member runs only that member's branch. A member whose value the
class body does not give as a constant (`auto()`) decides nothing."""

import enum
import pathlib

import requests
from fastapi import APIRouter

key_stores = APIRouter(prefix="/keys")


class KeyStore(str, enum.Enum):
    VAULT = "vault"
    DISK = "disk"
    COUNTER = enum.auto()


def load_keys(kind: str | None = None) -> str:
    if kind == KeyStore.VAULT.value:
        return requests.get("https://vault.example/v1/keys").text  # ok: "disk" is passed
    if kind == KeyStore.DISK.value:
        return pathlib.Path("/etc/mediahub/keys").read_text()  # expect: UJ001 (the disk store)
    return ""


def count_keys(kind: str | None = None) -> int:
    if kind == KeyStore.COUNTER.value:
        return len(pathlib.Path("/etc/mediahub/count").read_text())  # expect: UJ001 (auto())
    return 0


@key_stores.post("/reload")
async def reload_keys() -> dict:
    return {"keys": load_keys("disk"), "count": count_keys("disk")}
