import importlib

_EXPORTS = {"books_router": ("shelf.api.books", "router")}


def __getattr__(name: str):
    module, attribute = _EXPORTS[name]
    return getattr(importlib.import_module(module), attribute)
