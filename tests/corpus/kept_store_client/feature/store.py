"""A store class built in many places (the CLI, the server, a script): its lazy members are
memos only on an instance someone keeps."""

import httpx
from sqlalchemy import create_engine


class SqlRegistry:
    def __init__(self, url: str):
        self.engine = create_engine(url)  # ok

    def get_view(self, name: str) -> str:
        return name


class LineageStore:
    def __init__(self, url: str):
        self.engine = create_engine(url, pool_size=2)  # ok

    def namespaces(self) -> list[str]:
        return ["default"]


class FeatureStore:
    def __init__(self, url: str):
        self.url = url
        self._registry = None
        self._online = None
        self._lineage = None

    @property
    def registry(self) -> SqlRegistry:
        if self._registry is None:
            self._registry = self._create_registry()
        return self._registry

    @property
    def online(self) -> httpx.Client:
        if self._online is None:
            self._online = httpx.Client(base_url=self.url)  # expect: UJ003
        return self._online

    @property
    def lineage(self) -> LineageStore:
        if self._lineage is None:
            self._lineage = LineageStore(self.url)
        return self._lineage

    def _create_registry(self) -> SqlRegistry:
        return SqlRegistry(self.url)
