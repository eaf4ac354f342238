"""Signing keys fetched on the first request and memoised: a one-time stall of the loop."""

import json

import requests

_jwks = None
_settings: dict = {}


def jwks() -> dict:
    global _jwks
    if _jwks is None:
        _jwks = requests.get("https://issuer.example/.well-known/jwks.json").json()  # expect: UJ001
    return _jwks


def settings() -> dict:
    if "loaded" not in _settings:
        with open("settings.json") as fh:  # expect: UJ001
            _settings.update(json.load(fh))
        _settings["loaded"] = True
    return _settings


def audience() -> str:
    return requests.get("https://issuer.example/audience").text  # expect: UJ001
