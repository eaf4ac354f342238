"""The gateway's own plugin loader: it imports by computed name, but no app of the other
services loads it, so it says nothing about what they serve."""

from importlib import import_module


def load(path: str):
    module, name = path.rsplit(".", 1)
    return getattr(import_module(module), name)
