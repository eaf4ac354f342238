"""Template listings: `Path.glob`, `Path.iterdir` and `os.walk` return lazy iterators, so a
helper that returns one un-iterated reads no directory; the caller that iterates it does."""

import os
from pathlib import Path

TEMPLATES = Path("templates")


def template_files():
    return TEMPLATES.glob("*.jinja")  # ok: returned un-iterated; the directory is read where it is iterated


def partial_files():
    found = TEMPLATES.rglob("_*.jinja")  # ok: returned un-iterated through a name
    return found


def layout_names():
    return [p.stem for p in TEMPLATES.iterdir()]  # expect: UJ001


def asset_dirs():
    return sorted(os.walk("assets"))  # expect: UJ001
