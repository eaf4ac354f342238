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
