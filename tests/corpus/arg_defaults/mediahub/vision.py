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
