"""An admin service that puts app/ on its own path before importing from it."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "app"))

from fastapi import FastAPI  # noqa: E402

from models import Room  # noqa: E402

app = FastAPI()


@app.get("/admin/rooms")
async def admin_rooms():
    with open("/srv/rooms.txt") as f:  # expect: UJ001
        return [Room(name=line) for line in f]
