"""A `def` endpoint that a decorator wraps in an `async def` runs where `unjam check` says it
does: a real uvicorn server runs tests/probe_apps/async_wrapped.py, and the endpoints that
answer from the event loop's thread (the main thread) must be those UJ001 reports."""

from __future__ import annotations

import json
from pathlib import Path

from probe_apps.support import get

from unjam.analysis.engine import analyze
from unjam.server import ServerProcess, free_port, uvicorn_argv

ROOT = Path(__file__).resolve().parent.parent
ROUTES = {
    "/in-place": "in_place_endpoint",
    "/offloaded": "offloaded_endpoint",
    "/plain": "plain_endpoint",
}


def test_the_endpoints_reported_on_the_loop_are_those_that_run_on_it():
    port = free_port()
    argv = uvicorn_argv("tests.probe_apps.async_wrapped:app", port)
    on_loop: set[str] = set()
    with ServerProcess(argv, port, cwd=str(ROOT)):
        for path, endpoint in ROUTES.items():
            status, body = get(f"http://127.0.0.1:{port}{path}")
            assert status == 200, (path, body)
            if json.loads(body):
                on_loop.add(endpoint)
    assert on_loop == {"in_place_endpoint"}
    app_file = ROOT / "tests" / "probe_apps" / "async_wrapped.py"
    guards = ROOT / "tests" / "corpus" / "async_wrapped" / "portal" / "guards.py"
    result = analyze(ROOT, [app_file, guards])
    reported = {f.entry.name for f in result.findings if f.code == "UJ001"}
    assert reported == on_loop, [f.message for f in result.findings]
