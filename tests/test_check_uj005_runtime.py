"""UJ005's wording is tied to FastAPI's real behaviour: a request borrows thread-pool tokens
one after another, so a `def` dependency plus a `def` endpoint sets no "40 / 2" ceiling.

A real uvicorn server runs tests/probe_apps/sequential_tokens.py; 40 concurrent requests must
all be inside the dependency at once, and then all inside the endpoint at once (each piece
waits at a barrier of 40, which would break if each request needed two tokens at a time).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from probe_apps.sequential_tokens import PARTIES
from probe_apps.support import concurrent_gets, get

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
