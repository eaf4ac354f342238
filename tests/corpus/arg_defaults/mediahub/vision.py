"""Early exits decided by a constant: `if not (use_vision and ENABLED): return []` leaves
the rest of the function to calls that pass a true `use_vision`. The metadata route passes
`None`, through a method that hands it on by position to another method of `self`, so
neither the page render nor the subprocess runs for it."""

import subprocess
from pathlib import Path

VISION_ENABLED = True


async def render_pages(use_vision: bool | None, doc_id: str) -> list[str]:
    if not (use_vision and VISION_ENABLED):
        return []
    Path(f"/srv/pages/{doc_id}").mkdir(parents=True)  # ok: only a true use_vision gets here
    return [doc_id]


class Indexer:
    async def update(self, doc_id: str, text: str | None = None, use_vision: bool | None = None):
        if text is None:
            pages = await render_pages(use_vision, doc_id)
            return await self._embed_images(use_vision, pages)
        return [text]

    async def _embed_images(self, use_vision: bool | None, pages: list[str]) -> list[str]:
        if not use_vision:
            return []
        for page in pages:
            subprocess.run(["convert", page, f"{page}.png"], check=True)  # ok: as above
        return pages


indexer = Indexer()


def thumbnail_dir(doc_id: str, cached: bool = False) -> Path:
    if not cached:
        raise ValueError("thumbnails are kept only in the cache")
    path = Path("/srv/thumbs") / doc_id
    path.mkdir(exist_ok=True)  # ok: the route leaves cached False, so the call raises first
    return path


def export_pages(pages: list[str], fmt: str | None = None) -> None:
    for page in pages:
        if fmt is None:
            break
        Path(page).with_suffix(f".{fmt}").write_text(page)  # ok: the route passes no fmt
