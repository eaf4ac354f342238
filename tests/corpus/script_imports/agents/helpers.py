"""A command-line tool's helpers, beside its own scripts (no package): `from helpers import`
in those scripts means this file, but not in the server's package below."""

import requests


def fetch_doc(url: str) -> bytes:
    return requests.get(url, timeout=10).content  # ok: only the agent scripts call this one
