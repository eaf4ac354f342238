"""A registry the process-wide store builds on first use, and a start-up handler that uses
it before the app serves: no request makes that first call, so the read is start-up work
(UJ002), not a request's."""

import json


class Registry:
    def __init__(self, path: str) -> None:
        with open(path) as fh:  # expect: UJ002
            self.names = json.load(fh)


class Store:
    def __init__(self, path: str) -> None:
        self.path = path
        self._registry: Registry | None = None

    @property
    def registry(self) -> Registry:
        if self._registry is None:
            self._registry = Registry(self.path)
        return self._registry


store = Store("registry.json")
