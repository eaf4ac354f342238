"""A daemon that validates its index before it hands `server.serve()` to a task: the index
is loaded once, before any request."""

import asyncio
import json
from pathlib import Path

import uvicorn
from fastapi import FastAPI

_index: list | None = None


def load_index() -> list:
    global _index
    if _index is None:
        _index = json.loads(Path("index.json").read_text())  # ok (filled before serving)
    return _index


class Daemon:
    def __init__(self, port: int):
        self.port = port
        self.tasks: list[asyncio.Task] = []

    async def start(self) -> None:
        app = FastAPI()

        @app.get("/index")
        async def index():
            return load_index()

        load_index()
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port)
        server = uvicorn.Server(config)
        self.tasks.append(asyncio.create_task(server.serve()))
