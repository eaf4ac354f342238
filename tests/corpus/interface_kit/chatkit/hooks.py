"""What a library's user calls with their own app: the library builds no app, so nothing in
it calls `mount_version`, and its middleware still serves every request of the user's app."""

from pathlib import Path

from fastapi import FastAPI, Request


def mount_version(app: FastAPI) -> None:
    @app.middleware("http")  # expect: UJ004
    async def add_version(request: Request, call_next):
        response = await call_next(request)
        response.headers["x-version"] = Path("/srv/chat/VERSION").read_text()  # expect: UJ001
        return response
