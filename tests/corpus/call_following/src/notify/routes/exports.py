"""An export folder behind a `@property` that makes it on every read: the fix reads the
property in a thread (handing `self.folder` itself to `to_thread` would read it on the loop)."""

import os

from fastapi import APIRouter

router = APIRouter(prefix="/exports")


class ExportStore:
    def __init__(self, root: str) -> None:
        self.root = root

    @property
    def folder(self) -> str:
        os.makedirs(self.root, exist_ok=True)  # expect: UJ001
        return self.root

    async def list_exports(self) -> list[str]:
        return sorted(os.scandir(self.folder))  # expect: UJ001


store = ExportStore("/srv/exports")


@router.get("")
async def exports():
    return await store.list_exports()


class Archive:
    def __init__(self, root: str) -> None:
        self.root = root

    @property
    def shelf(self) -> str:
        os.makedirs(f"{self.root}/shelf", exist_ok=True)  # expect: UJ001
        return f"{self.root}/shelf"


async def archive_of(target: Archive) -> list[str]:
    """Reads another object's property: the fix reads `target.shelf`, not `Archive.shelf`."""
    return [target.root, str(target.shelf)]


@router.get("/archive")
async def archive():
    return await archive_of(Archive("/srv/archive"))
