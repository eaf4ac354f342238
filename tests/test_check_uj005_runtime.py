"""UJ005's wording is tied to FastAPI's real behaviour: a request borrows thread-pool tokens
one after another, so a `def` dependency plus a `def` endpoint sets no "40 / 2" ceiling, and
the pieces it lists run in the order it lists them.

A real uvicorn server runs tests/probe_apps/sequential_tokens.py; 40 concurrent requests must
all be inside the dependency at once, and then all inside the endpoint at once (each piece
waits at a barrier of 40, which would break if each request needed two tokens at a time).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from probe_apps.sequential_tokens import PARTIES
from probe_apps.support import concurrent_gets, get, post

from unjam.analysis.engine import analyze
from unjam.server import ServerProcess, free_port, uvicorn_argv

ROOT = Path(__file__).resolve().parent.parent


def test_sync_dependency_and_sync_endpoint_borrow_tokens_one_after_another():
    port = free_port()
    argv = uvicorn_argv("tests.probe_apps.sequential_tokens:app", port)
    with ServerProcess(argv, port, cwd=str(ROOT)):
        statuses = asyncio.run(concurrent_gets(port, ["/work"] * PARTIES))
        status, body = get(f"http://127.0.0.1:{port}/stats")
    assert statuses == [200] * PARTIES  # a broken barrier would answer 500
    assert status == 200
    stats = json.loads(body)
    assert stats == {"dependency_max": PARTIES, "endpoint_max": PARTIES}


def test_uj005_lists_the_sync_pieces_in_the_order_fastapi_runs_them():
    """App, include, router and decorator dependencies, then the endpoint's parameters (a
    dependency's own dependency before it), then the endpoint: as the server runs them."""
    port = free_port()
    argv = uvicorn_argv("tests.probe_apps.dependency_order:app", port)
    with ServerProcess(argv, port, cwd=str(ROOT)):
        assert post(f"http://127.0.0.1:{port}/reset") == 200
        status, body = get(f"http://127.0.0.1:{port}/orders/latest")
    assert status == 200
    ran = json.loads(body)
    app_file = ROOT / "tests" / "probe_apps" / "dependency_order.py"
    result = analyze(app_file.parent, [app_file])
    (trips,) = [f for f in result.findings if f.code == "UJ005"]
    assert trips.details["sync_pieces"] == ran, (trips.details["sync_pieces"], ran)
