"""Memos an earlier call of the same request fills: the one slow call is made there."""

import json

_config = None
_keys = None


def config() -> dict:
    global _config
    if _config is None:
        with open("auth.json") as fh:  # expect: UJ001
            _config = json.load(fh)
    return _config


def sign(user: str) -> str:
    return f"{user}:{config()['secret']}"


def keys() -> list:
    global _keys
    if _keys is None:
        with open("keys.json") as fh:  # expect: UJ001
            _keys = json.load(fh)
    return _keys


def verify(token: str) -> bool:
    return token in keys()


class Vault:
    _pool: dict | None = None

    def __init__(self) -> None:
        self._connect()

    def _connect(self) -> None:
        if Vault._pool is None:
            with open("vault.json") as fh:  # expect: UJ001
                Vault._pool = json.load(fh)

    def secret(self, name: str) -> str:
        self._connect()
        return Vault._pool[name]


_vault: Vault | None = None


async def vault() -> Vault:
    global _vault
    if _vault is None:
        _vault = Vault()  # fills the pool too, on the first call
    return _vault
