"""A helper written in a class without `@staticmethod` and called through the class: its
first parameter is the path the route passes, not an instance (its annotation says so), so
the file it opens is read on the loop."""

import json
from pathlib import Path

from fastapi import APIRouter

router = APIRouter(prefix="/darks")


class DarkLibrary:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def load(config: Path, strict: bool = False) -> dict:
        with config.open(encoding="utf-8") as fh:  # expect: UJ001
            return json.load(fh)


@router.get("/{camera}")
async def darks(camera: str) -> dict:
    return DarkLibrary.load(Path("/srv/darks") / "config.json", False).get(camera, {})
