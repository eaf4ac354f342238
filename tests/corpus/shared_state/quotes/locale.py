"""A request's locale kept in a context variable: loading it reads a file, so it blocks the
loop, and a thread must not run it as it is — what it sets would stay in the thread's copy."""

import json
from contextvars import ContextVar

_locale: ContextVar[dict | None] = ContextVar("locale", default=None)


def use_locale(tag: str) -> None:
    with open(f"/srv/locales/{tag}.json") as fh:  # expect: UJ001
        _locale.set(json.load(fh))


def current_locale() -> dict:
    return _locale.get() or {}


def load_glossary(tag: str) -> dict:
    with open(f"/srv/glossaries/{tag}.json") as fh:  # expect: UJ001
        return json.load(fh)


def render_template(tag: str) -> str:
    """Sets `_locale` for its own work only, then resets it: nothing to carry back."""
    token = _locale.set({"tag": tag})
    try:
        with open(f"/srv/templates/{tag}.txt") as fh:  # expect: UJ001
            return fh.read()
    finally:
        _locale.reset(token)
