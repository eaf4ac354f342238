"""Route shadowing (route_shadows.py) is tied to Starlette's real routing: a route whose
every path an earlier route of the same method matches is never answered.

A real uvicorn server runs tests/probe_apps/route_order.py; the endpoints that answer are
exactly those the analyser reports as served."""

from __future__ import annotations

import json
from pathlib import Path

from probe_apps.support import get

from unjam.analysis.engine import analyze
from unjam.server import ServerProcess, free_port, uvicorn_argv

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "tests" / "probe_apps" / "route_order.py"


def _answers(port: int, path: str) -> tuple[int, str | None]:
    status, body = get(f"http://127.0.0.1:{port}{path}")
    return status, json.loads(body).get("route") if status == 200 else None


def test_the_routes_the_server_never_answers_are_the_ones_left_out():
    port = free_port()
    argv = uvicorn_argv("tests.probe_apps.route_order:app", port)
    with ServerProcess(argv, port, cwd=str(ROOT)):
        answers = {
            path: _answers(port, path)
            for path in ("/books/7", "/books/featured", "/books/pages/3", "/books/pages/first")
        }
    # `featured` is a book id to Starlette: `book` takes it, and FastAPI answers 422
    assert answers == {
        "/books/7": (200, "book"),
        "/books/featured": (422, None),
        "/books/pages/3": (200, "page"),
        "/books/pages/first": (200, "first_page"),
    }
    served = {f.entry.name for f in analyze(APP.parent, [APP]).findings if f.code == "UJ001"}
    assert served == {"book", "page", "first_page"}
