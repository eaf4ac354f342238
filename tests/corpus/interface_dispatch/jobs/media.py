"""Two storage interfaces, one sync and one async, behind one name: a route awaits the
async one's `get_url` and runs the sync one's in a worker thread. An awaited call of a sync
method annotated to return plain data (`-> Optional[str]`) would raise, so the disk
storage's blocking `get_url` never runs on the loop there."""

import os
from abc import ABC, abstractmethod
from typing import Optional, Union

ROOT = "/var/media"


class MediaStorage(ABC):
    @abstractmethod
    def get_url(self, key: str) -> Optional[str]:
        """A link to the stored object."""


class AsyncMediaStorage(ABC):
    @abstractmethod
    async def get_url(self, key: str) -> Optional[str]:
        """A link to the stored object."""


class DiskStorage(MediaStorage):
    def get_url(self, key: str) -> Optional[str]:
        path = os.path.join(ROOT, key)
        with open(path + ".link") as link:  # ok: awaited only in the async storage's branch
            return link.read()


class MemoryStorage(AsyncMediaStorage):
    def __init__(self) -> None:
        self.links: dict[str, str] = {}

    async def get_url(self, key: str) -> Optional[str]:
        return self.links.get(key)


def get_storage(kind: str) -> Union[MediaStorage, AsyncMediaStorage]:
    return MemoryStorage() if kind == "memory" else DiskStorage()
