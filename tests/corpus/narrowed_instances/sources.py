"""A source is a file name or an inline table: only a file name is read."""

import json


def load_source(source) -> dict:
    if isinstance(source, (str, bytes)):
        with open(source) as f:  # expect: UJ001
            return json.load(f)
    if not isinstance(source, dict):
        raise TypeError(source)
    return source


def inline_sources(entries: list) -> list:
    loaded = []
    for entry in entries:
        if isinstance(entry, dict):
            loaded.append(load_source(entry))  # never a file
    return loaded


def checked_source(entry) -> dict:
    if isinstance(entry, list):
        return load_source(dict(entry))
    return load_source(entry)  # ok: reported at the read, reached from /sources/{name}
