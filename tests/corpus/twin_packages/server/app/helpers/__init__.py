"""The package `app.helpers`: Python imports it, not the `helpers.py` beside it."""

from pathlib import Path


def render(name: str) -> str:
    return Path(f"templates/{name}.html").read_text()  # expect: UJ001
