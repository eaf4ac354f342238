"""Mirrors that keep what they saved by a key read from what they fetched: a PDF address
found in the feed, an image named by a digest of its bytes. Each new address or image pays
again; the feed the module keeps under a fixed name is read once."""

import hashlib
import os
import tempfile
from pathlib import Path

import httpx
from fastapi import APIRouter
from PIL import Image

mirrors = APIRouter(prefix="/mirrors")
_client = httpx.AsyncClient()
_feeds: dict[str, list[dict]] = {}


class Mirror:
    def __init__(self) -> None:
        self._saved: dict[str, str] = {}

    async def save_latest(self) -> str:
        reply = await _client.get("https://docs.example/latest.json")
        pdf_url = reply.json().get("pdf", "")
        if pdf_url in self._saved:
            found = self._saved[pdf_url]
            return found
        os.makedirs("/srv/mirror", exist_ok=True)  # expect: UJ001
        name = os.path.join("/srv/mirror", os.path.basename(pdf_url))
        with open(name, "wb") as out:  # expect: UJ001
            out.write((await _client.get(pdf_url)).content)
        self._saved[pdf_url] = name
        return name


def feed() -> list[dict]:
    if "posts" in _feeds:
        return _feeds["posts"]
    with open("/srv/mirror/feed.json") as source:  # expect: UJ001
        _feeds["posts"] = [{"image": line} for line in source]
    return _feeds["posts"]


def thumbnails() -> list[str]:
    paths = []
    for post in feed():
        digest = hashlib.md5(post["image"].encode()).hexdigest()[:10]
        path = os.path.join(tempfile.gettempdir(), f"thumb_{digest}.png")
        if not os.path.exists(path):
            with open(path, "wb") as out:  # expect: UJ001
                out.write(post["image"].encode())
        paths.append(path)
    return paths


mirror = Mirror()


@mirrors.get("/latest")
async def latest():
    return {"path": await mirror.save_latest()}


@mirrors.get("/thumbnails")
async def gallery():
    return {"paths": thumbnails()}


def thumbnail(image: Path) -> Path:
    thumb = Path("/tmp/thumbs") / f"thumb_{image.name}"
    if thumb.exists():  # expect: UJ001
        return thumb
    picture = Image.open(image)  # expect: UJ001
    picture.thumbnail((200, 200))  # expect: UJ001
    thumb.parent.mkdir(parents=True, exist_ok=True)  # expect: UJ001
    picture.save(thumb)  # expect: UJ001
    return thumb


@mirrors.get("/thumb/{name}")
async def thumb(name: str):
    return {"path": str(thumbnail(Path("/srv/images") / name))}


def load_pictures(items: list[dict]) -> list[Image.Image]:
    # each a local file or a web address: the `else` fetches what it was given, keeping nothing
    pictures = []
    for item in items:
        source = item["src"]
        if os.path.isfile(source):
            stream = open(source, "rb")  # expect: UJ001
        else:
            stream = httpx.get(source, follow_redirects=True).content  # expect: UJ001
        pictures.append(Image.open(stream))  # expect: UJ001
    return pictures


@mirrors.post("/pictures")
async def add_pictures(items: list[dict]):
    return {"sizes": [picture.size for picture in load_pictures(items)]}


def create_folder(name: str) -> Path:
    # an existing folder is the caller's error: every request that succeeds makes one
    target = Path("/srv/folders") / name
    if target.exists():  # expect: UJ001
        raise FileExistsError(name)
    target.mkdir(parents=True)  # expect: UJ001
    return target


@mirrors.post("/folders/{name}")
async def new_folder(name: str):
    return {"path": str(create_folder(name))}
