"""Backends a factory picks by name: its result is what every class it may return is — their
nearest common base — so a call on it runs the base's method, and the first class it
returns is not taken for the one a caller gets (`backend_class("memory")`)."""

import json
import os

from fastapi import APIRouter

router = APIRouter(prefix="/storages")


class Backend:
    def __init__(self, namespace: str) -> None:
        self.namespace = namespace

    async def initialize(self) -> None:
        return None

    def describe(self) -> str:
        with open(f"/srv/notify/{self.namespace}.json") as fh:  # expect: UJ001
            return json.load(fh)["title"]


class FileBackend(Backend):
    async def initialize(self) -> None:
        os.makedirs(f"/srv/notify/{self.namespace}", exist_ok=True)  # ok


class MemoryBackend(Backend):
    pass


def backend_class(name: str):
    if name == "file":
        return FileBackend
    return MemoryBackend


@router.post("/{name}")
async def open_backend(name: str):
    backend = backend_class("memory")(name)  # (never a FileBackend)
    await backend.initialize()
    return {"title": backend.describe()}
