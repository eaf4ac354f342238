"""Caches warmed while the app is imported, and one scoped to a request."""

import functools
import os


@functools.lru_cache
def plugin_names() -> list[str]:
    return sorted(os.listdir("plugins"))  # ok: first called at import, through prepare()


def prepare() -> None:
    for name in plugin_names():
        print("plugin", name)


def cache(scope: str):
    """A project's cache decorator that clears request-scoped caches after each request."""

    def decorate(func):
        return functools.lru_cache(maxsize=None)(func)

    return decorate


@cache(scope="request")
def enabled_plugins() -> list[str]:
    return sorted(os.listdir("plugins/enabled"))  # expect: UJ001 (every request misses)
