"""Left behind when `legacy/log.py` was removed: importing this module raises
ModuleNotFoundError, so no caller can run its coroutines."""

import os

from .log import Logger


class Indexer:
    def __init__(self) -> None:
        self.logger = Logger()

    async def build(self, folder: str) -> list[str]:
        return sorted(os.listdir(folder))  # ok: the module cannot be imported
