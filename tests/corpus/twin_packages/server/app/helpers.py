"""Shadowed by the `helpers/` package of the same name: never imported."""

import time


def render(name: str) -> str:
    time.sleep(1)  # ok: the package comes first
    return name
