"""A helper that makes a scratch folder only when it is given no output path: every caller
passes one (a path built with `/`, an f-string), so the `mkdir` never runs from them; a
caller that leaves it out makes it."""

import tempfile
from pathlib import Path

from fastapi import APIRouter, BackgroundTasks

router = APIRouter(prefix="/thumbs")
SCRATCH = Path(tempfile.gettempdir())


def scale(source: str, output_path: Path | None = None) -> Path:
    if output_path is None:
        folder = SCRATCH / "scaled"
        folder.mkdir(exist_ok=True)  # expect: UJ001 (only from `scaled_default`)
        output_path = folder / "out.png"
    return output_path


@router.post("/scale/{name}")
async def scaled(name: str):
    return {"path": str(scale(name, SCRATCH / f"{name}.png"))}


@router.post("/text/{name}")
async def scaled_text(name: str):
    target = f"/srv/thumbs/{name}.png"
    return {"path": str(scale(name, target))}


@router.post("/default/{name}")
async def scaled_default(name: str):
    return {"path": str(scale(name))}
