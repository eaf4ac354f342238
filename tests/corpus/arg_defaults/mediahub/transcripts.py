"""Transcripts whose `__init__` keeps its arguments and then tests what it kept: `if
self.memory_path:` right after `self.memory_path = memory_path` tests what the construction
passed. The chat route builds one without a memory file, so the preload never runs for it;
the resume route names a file and reads it on the loop. A field some other code also sets
(`self.keep_log`, set again by `archive_now`) may hold anything."""

from fastapi import APIRouter

transcripts = APIRouter(prefix="/transcripts")


class Transcript:
    def __init__(self, memory_path: str | None = None, archive: bool = False):
        self.memory_path = memory_path
        self.keep_log = archive
        self.lines: list[str] = []
        if self.memory_path:
            self._preload()
        if self.keep_log:
            self._open_archive()

    def _preload(self) -> None:
        with open(self.memory_path, encoding="utf-8") as memory:  # expect: UJ001
            self.lines.extend(memory.read().splitlines())

    def _open_archive(self) -> None:
        with open("/srv/archive/transcripts.log", "a") as log:  # expect: UJ001
            log.write("opened\n")

    def archive_now(self) -> None:
        self.keep_log = True


@transcripts.post("/chat")
async def chat(text: str):
    transcript = Transcript()
    transcript.lines.append(text)
    return {"lines": len(transcript.lines)}


@transcripts.post("/resume")
async def resume(text: str):
    transcript = Transcript(memory_path="/srv/memory/MEMORY.md")
    transcript.lines.append(text)
    return {"lines": len(transcript.lines)}
