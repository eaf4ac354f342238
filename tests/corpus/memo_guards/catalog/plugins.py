"""Caches warmed while the app is imported, and one scoped to a request."""

import functools
import os


@functools.lru_cache
def plugin_names() -> list[str]:
    return sorted(os.listdir("plugins"))  # ok: first called at import, through prepare()


def prepare() -> None:
    for name in plugin_names():
        print("plugin", name)


_REQUEST_CACHES: list = []


def cache(scope: str):
    """A project's cache decorator: a cache scoped to a request is cleared by
    `start_job()`, which the job runner calls; the web server's requests never clear it."""

    def decorate(func):
        cached = functools.lru_cache(maxsize=None)(func)
        if scope == "request":
            _REQUEST_CACHES.append(cached)
        return cached

    return decorate


def start_job() -> None:
    for cached in _REQUEST_CACHES:
        cached.cache_clear()


@cache(scope="request")
def enabled_plugins() -> list[str]:
    return sorted(os.listdir("plugins/enabled"))  # expect: UJ001 (on the first call only)


class ManifestReader:
    """`@lru_cache` on a method keys its entries by `self`: a reader built per call never
    finds one."""

    def __init__(self, folder: str) -> None:
        self.folder = folder

    @functools.lru_cache  # noqa: B019
    def manifest(self) -> str:
        with open(os.path.join(self.folder, "manifest.toml")) as fh:  # expect: UJ001
            return fh.read()


class IndexReader:
    """The same cache on the module's one reader keeps its entry: read on the first call."""

    @functools.lru_cache  # noqa: B019
    def index(self) -> str:
        with open("plugins/index.toml") as fh:  # expect: UJ001
            return fh.read()


index_reader = IndexReader()


def manifest_of(folder: str) -> str:
    return ManifestReader(folder).manifest()


class PluginRegistry:
    """Built on every call, but `__new__` hands back the one instance it keeps: `__init__`'s
    `if not hasattr(self, "loaded"):` is a memo on the process's one registry."""

    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __init__(self) -> None:
        if not hasattr(self, "loaded"):
            with open("plugins/registry.toml") as fh:  # expect: UJ001
                self.entries = fh.read().splitlines()
            self.loaded = True


def registered() -> list[str]:
    return PluginRegistry().entries


class MarketClient:
    """The same, the flag set up `False` by `__new__` on the one instance it makes (not a
    re-arming: `__new__` runs the set-up once)."""

    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
            cls._instance._ready = False
        return cls._instance

    def __init__(self) -> None:
        if self._ready:
            return
        with open("plugins/market.toml") as fh:  # expect: UJ001
            self.source = fh.read()
        self._ready = True


def market_source() -> str:
    return MarketClient().source


class MirrorServer:
    """The one instance `__new__` keeps for each port (`if port not in cls._instances:`):
    `start`'s `if not self.running:` is a memo on the server the process keeps for it."""

    _instances: dict = {}

    def __new__(cls, port: int | None = None):
        if port not in cls._instances:
            instance = super().__new__(cls)
            cls._instances[port] = instance
        return cls._instances[port]

    def __init__(self, port: int | None = None) -> None:
        if not hasattr(self, "running"):
            self.port = port
            self.running = False

    def start(self) -> str:
        if not self.running:
            self.running = True
            with open("plugins/mirror.toml") as fh:  # expect: UJ001
                self.origin = fh.read()
        return self.origin


def mirror_origin() -> str:
    return MirrorServer().start()
