"""`unjam.instrument(app)` under granian and hypercorn, as under uvicorn: a stall named by
route and line, the thread-pool meter, and responses exactly as without the probe."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from probe_apps.blocking import LINES
from probe_apps.support import get, snapshot

from unjam.server import ServerProcess, free_port, free_ports

ROOT = Path(__file__).resolve().parent.parent
APP = "tests.probe_apps.blocking:app"
PATHS = ["/fast", "/items/3", "/dependency", "/nope", "/items/x"]


def _granian(port: int, loop: str) -> list[str]:
    return [
        sys.executable, "-m", "granian", "--interface", "asgi", "--host", "127.0.0.1",
        "--port", str(port), "--loop", loop, "--log-level", "warning", APP,
    ]  # fmt: skip


def _hypercorn(port: int, loop: str) -> list[str]:
    # `asgi:` says the app is ASGI: on Python 3.11 hypercorn's guess (is `__call__` a
    # coroutine function?) takes the probe, whose __call__ is a plain function, for WSGI
    return [
        sys.executable, "-m", "hypercorn", "-b", f"127.0.0.1:{port}", "-k", loop,
        "--log-level", "warning", f"asgi:{APP}",
    ]  # fmt: skip


SERVERS = {
    "granian-asyncio": (_granian, "asyncio"),
    "granian-uvloop": (_granian, "uvloop"),
    "hypercorn-asyncio": (_hypercorn, "asyncio"),
    "hypercorn-uvloop": (_hypercorn, "uvloop"),
}


def _responses(port: int) -> list[tuple[int, bytes, str | None, str | None]]:
    import urllib.error
    import urllib.request

    out = []
    for path in PATHS:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as resp:
                status, body, headers = resp.status, resp.read(), resp.headers
        except urllib.error.HTTPError as err:
            status, body, headers = err.code, err.read(), err.headers
        out.append((status, body, headers.get("content-type"), headers.get("content-length")))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("server", sorted(SERVERS))
def test_instrument_under_other_servers(server):
    make_argv, loop = SERVERS[server]
    port, diag = free_ports(2)
    with ServerProcess(make_argv(port, loop), port, cwd=str(ROOT)):
        plain = _responses(port)
    port = free_port()
    env = {
        "PROBE_APP_INSTRUMENT": "1",
        "UNJAM_PROBE_DIAGNOSTICS_PORT": str(diag),
        "UNJAM_PROBE_THRESHOLD_MS": "30",
    }
    with ServerProcess(make_argv(port, loop), port, env=env, cwd=str(ROOT)):
        probed = _responses(port)
        assert _responses(port)[0][0] == 200
        assert get(f"http://127.0.0.1:{port}/sleep")[0] == 200
        deadline = time.monotonic() + 10
        while True:  # the /sleep stall is reported once the watchdog has judged it
            snap = snapshot(diag)
            routes = [s["route"] for s in snap["stalls"]]
            if "GET /sleep" in routes and snap["threadpool"]["max_borrowed"] >= 1:
                break
            assert time.monotonic() < deadline, snap["stalls"]
            time.sleep(0.05)
    assert probed == plain
    (stall,) = [s for s in snap["stalls"] if s["route"] == "GET /sleep"]
    assert stall["blocking_frame"]["line"] == LINES["sleep"]
    assert stall["blocking_frame"]["function"] == "sleep_endpoint"
    assert snap["probe"]["loop"] == ("uvloop" if loop == "uvloop" else "asyncio")
    assert snap["threadpool"]["total_tokens"] == 40
    assert snap["threadpool"]["max_borrowed"] >= 1
    items = snap["routes"]["GET /items/{item_id}"]
    assert items["status"] == {"200": 2, "422": 2}  # /items/3 and /items/x, twice each
