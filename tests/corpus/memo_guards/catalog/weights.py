"""Model files downloaded the first time a loader finds them missing: each loader is built
per request, but every one names the same file, which the first download leaves on disk; a
mirror's target depends on what it was built with, so it downloads on every request."""

from pathlib import Path

import requests
from fastapi import APIRouter

weights = APIRouter(prefix="/weights")
WEIGHTS_URL = "https://models.example/tagger.pt"
LABELS_URL = "https://models.example/labels.txt"


def download_file(url: str, dest: Path) -> None:
    dest.write_bytes(requests.get(url, timeout=60).content)  # expect: UJ001


def fetch_labels(dest: Path) -> None:
    dest.write_text(requests.get(LABELS_URL, timeout=60).text)  # expect: UJ001


class Tagger:
    def __init__(self):
        self.weights = Path("data") / "models" / "tagger.pt"
        self.labels = Path("data/models/labels.txt")

    def load(self) -> bytes:
        if not self.weights.exists():  # expect: UJ001
            download_file(WEIGHTS_URL, self.weights)
        if not self.labels.exists():  # expect: UJ001
            fetch_labels(self.labels)
        return self.weights.read_bytes()  # expect: UJ001


class Mirror:
    def __init__(self, name: str):
        self.target = Path("mirror") / name

    def fetch(self) -> None:
        if not self.target.exists():  # expect: UJ001
            download_file(WEIGHTS_URL, self.target)


@weights.post("/tag")
async def tag() -> int:
    return len(Tagger().load())


@weights.post("/mirror/{name}")
async def mirror(name: str) -> None:
    Mirror(name).fetch()
