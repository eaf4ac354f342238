"""A prompt library whose `__init__` tests its argument before keeping it: `self.folder =
Path(folder) if folder else None` keeps None when the construction passes no folder, so the
render route's `PromptLibrary()` never loads the folder's files; the import route names one
and reads it on the loop."""

from pathlib import Path

from fastapi import APIRouter

prompts = APIRouter(prefix="/prompts")


class PromptLibrary:
    def __init__(self, folder: str | None = None):
        self.folder = Path(folder) if folder else None
        self.prompts: dict[str, str] = {}
        if self.folder:
            self._load(self.folder)

    def _load(self, folder: Path) -> None:
        for path in sorted(folder.iterdir()):  # expect: UJ001
            self.prompts[path.stem] = path.name

    def render(self, name: str, **values: str) -> str:
        return self.prompts.get(name, "").format(**values)


@prompts.post("/render")
async def render(name: str):
    return {"text": PromptLibrary().render(name)}


@prompts.post("/import")
async def import_folder(folder: str):
    return {"count": len(PromptLibrary(folder=folder).prompts)}

