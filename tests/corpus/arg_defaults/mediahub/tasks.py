"""A task's context defaults to `None`, made `[]` in the constructor: a task the chat route
makes without one never walks a folder, one the import route gives folders always does."""

import os

from fastapi import APIRouter

tasks = APIRouter(prefix="/tasks")


class Task:
    def __init__(self, text: str, context: list | None = None, tags: list | None = None, notes: list | None = None):
        if context is None:
            context = []
        if tags is None:
            tags = ["default"]
        if notes is None:
            notes = []
        notes.append(text)  # no longer empty
        self.text = text
        self.files = self._files_in(context)
        self.labels = self._labels(tags)
        self._log(notes)

    @staticmethod
    def _files_in(context: list) -> list[str]:
        if not context:
            return []
        found = []
        for folder in context:
            for root, _dirs, names in os.walk(folder):  # expect: UJ001
                found += [os.path.join(root, n) for n in names]
        return found

    @staticmethod
    def _labels(tags: list) -> list[str]:
        if not tags:
            return []
        return [open(f"/etc/mediahub/tags/{t}").read() for t in tags]  # expect: UJ001

    @staticmethod
    def _log(notes: list) -> None:
        if not notes:
            return
        with open("/var/log/mediahub/tasks.log", "a") as fh:  # expect: UJ001
            fh.write("\n".join(notes))


@tasks.post("/chat")
async def chat_task(text: str) -> dict:
    return {"files": Task(text).files}


@tasks.post("/import")
async def import_task(text: str, folders: list[str]) -> dict:
    return {"files": Task(text, context=folders).files}
