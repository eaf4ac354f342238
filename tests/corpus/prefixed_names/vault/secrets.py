"""Secrets named by a scheme prefix: `file/...` is read from a mounted file, anything else
from the environment. Every caller names an environment secret."""

import os
import urllib.request

import requests


def get_secret(name: str, default: str | None = None) -> str | None:
    if name.startswith("file/"):
        with open(f"/run/secrets/{name[5:]}") as handle:  # ok: no caller names a file secret
            return handle.read().strip()
    return os.environ.get(name, default)


def resolve(reference: str) -> str:
    if not reference.startswith("env:"):
        return requests.get(f"https://vault.internal/v1/{reference}", timeout=5).text  # ok
    return os.environ.get(reference[4:], "")


def fetch_image(url: str) -> bytes:
    if url.startswith("data:"):
        return url.partition(",")[2].encode()
    return requests.get(url, timeout=10).content  # expect: UJ001


def inline_or_fetched(value: str) -> bytes:
    if value.startswith("data:"):
        return urllib.request.urlopen(value).read()  # ok: decoded in memory
    return urllib.request.urlopen(value).read()  # expect: UJ001


# A name rewritten before its test (`name = name.replace("os.environ/", "")`): what the
# callers pass is followed through the rewrite.
def read_setting(name: str) -> str:
    if name.startswith("os.environ/"):
        name = name.replace("os.environ/", "")
    if name.startswith("file/"):
        with open(f"/run/secrets/{name[5:]}") as handle:  # ok: no caller names a file secret
            return handle.read()
    return os.environ.get(name, "")


def read_credential(name: str) -> str:
    if name.startswith("os.environ/"):
        name = name.replace("os.environ/", "")
    if name.startswith("file/"):
        with open(f"/run/secrets/{name[5:]}") as handle:  # expect: UJ001
            return handle.read()
    return os.environ.get(name, "")
