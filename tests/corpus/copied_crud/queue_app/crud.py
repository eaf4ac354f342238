"""Song-queue helpers, edited by copying: several names are defined twice, and the later
`def` is the one the module holds once it is imported."""

import json
import time
from pathlib import Path

QUEUE: list[dict] = []


def next_song():
    time.sleep(0.5)  # ok: the `def next_song` below replaces this one at import
    return QUEUE[0] if QUEUE else None


def queue_length() -> int:
    return len(QUEUE)


def next_song():  # noqa: F811
    return QUEUE[0] if QUEUE else None


def save_queue():
    Path("queue.json").write_text(json.dumps(QUEUE))  # ok: replaced below


def save_queue():  # noqa: F811
    Path("queue.json").write_text(json.dumps(QUEUE))  # expect: UJ001


def load_settings():
    return json.loads(Path("settings.json").read_text())  # ok: replaced below


def load_settings():  # noqa: F811
    return {"max_songs": 50}


class Singer:
    def __init__(self, name: str) -> None:
        self._name = name

    def greeting(self) -> str:
        return open("greeting.txt").read()  # ok: the method below replaces it

    def greeting(self) -> str:  # noqa: F811
        return f"Welcome, {self._name}!"
