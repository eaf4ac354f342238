"""The server's endpoints, as Starlette routes a function hands the app: unjam cannot tell
which app serves them."""

import requests
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route


def fetch_package_index(request: Request) -> JSONResponse:
    reply = requests.get("https://pypi.org/simple/", timeout=10)  # expect: UJ005
    return JSONResponse({"status": reply.status_code})


def fetch_release_notes(request: Request) -> JSONResponse:
    reply = requests.get("https://example.org/notes.json", timeout=10)  # expect: UJ005
    return JSONResponse(reply.json())


def build_routes() -> list[Route]:
    return [
        Route("/api/packages", fetch_package_index),
        Route("/api/notes", fetch_release_notes),
    ]
