"""The gateway's own plugin loader: it imports by computed name, from the gateway's folder,
so it says nothing about what the other services serve."""

from importlib import import_module


def load(path: str):
    module, name = path.rsplit(".", 1)
    return getattr(import_module(module), name)
