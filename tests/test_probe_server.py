"""The probe in a real uvicorn server (`unjam serve`), under uvloop and asyncio.

Endpoints of tests/probe_apps/blocking.py block the loop at known lines; the diagnostics
endpoint reports each stall with its route and line, nothing for a saturated but healthy
loop, and thread-pool waiting for 80 concurrent requests to a `def` endpoint.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import pytest
from probe_apps.blocking import LINES
from probe_apps.support import concurrent_gets, get, hammer, post, snapshot, wait_for_stalls

from unjam.server import ServerProcess, free_port

pytestmark = pytest.mark.slow  # serves the blocking app under load on each loop

ROOT = Path(__file__).resolve().parent.parent
APP_FILE = str(ROOT / "tests" / "probe_apps" / "blocking.py")

BLOCKING_ROUTES = {
    "sleep": "GET /sleep",
    "cpu": "GET /cpu",
    "hash": "GET /hash",
    "dependency": "GET /dependency",
    "middleware": "GET /middleware",
    "background": "GET /background",
}


def serve_argv(app: str, port: int, loop: str, *extra: str) -> list[str]:
    return [
        sys.executable, "-m", "unjam", "serve", app, "--port", str(port), "--loop", loop,
        *extra, "--", "--log-level", "warning", "--no-access-log",
    ]  # fmt: skip


class Served:
    def __init__(self, loop: str, timed: bool) -> None:
        self.loop = loop
        self.timed = timed
        self.port = free_port()
        self.diag = free_port()
        extra = ["--diagnostics-port", str(self.diag)]
        if not timed:  # only the first request is timed: the rest take the untimed path
            extra += ["--phase-sample-ms", "3600000"]
        argv = serve_argv("tests.probe_apps.blocking:app", self.port, loop, *extra)
        self.server = ServerProcess(argv, self.port, cwd=str(ROOT))

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"


# uvloop with the default phase sampling (the spaced requests below are all timed), asyncio
# with requests that are not timed: both of the middleware's paths name stalls and meter
# the thread pool.
@pytest.fixture(
    scope="module", params=[("uvloop", True), ("asyncio", False)], ids=["uvloop", "asyncio-untimed"]
)
def served(request):
    served = Served(*request.param)
    with served.server:
        yield served


@pytest.fixture(scope="module")
def stall_snapshot(served):
    """Hit every blocking endpoint, then read the stalls.

    An endpoint whose stall was not seen is requested once more: on a loaded machine a
    detection is occasionally missed (the benchmark measures the detection rate); these
    tests are about naming the route and the line.
    """
    post(f"http://127.0.0.1:{served.diag}/reset")
    for attempt in range(4):
        seen = {s["route"] for s in snapshot(served.diag)["stalls"]}
        for kind, route in BLOCKING_ROUTES.items():
            if route in seen:
                continue
            status, _ = get(served.url(f"/{kind}"))
            assert status == 200
            time.sleep(0.15)
        snap = wait_for_stalls(served.diag, len(BLOCKING_ROUTES), timeout=1.0 + attempt)
        if {s["route"] for s in snap["stalls"]} >= set(BLOCKING_ROUTES.values()):
            break
    return snap


@pytest.mark.parametrize("kind", list(BLOCKING_ROUTES))
def test_stall_names_route_and_line(served, stall_snapshot, kind):
    route = BLOCKING_ROUTES[kind]
    stalls = [s for s in stall_snapshot["stalls"] if s["route"] == route]
    assert stalls, f"no stall for {route} under {served.loop}: {stall_snapshot}"
    stall = stalls[0]
    frame = stall["blocking_frame"]
    assert frame["path"] == APP_FILE
    assert frame["line"] == LINES[kind], stall
    assert stall["duration_ms"] >= 25.0
    assert stall["samples"] >= 2
    assert stall["stack"][-1]["path"] == APP_FILE
    assert stall_snapshot["probe"]["loop"] == served.loop


def test_stall_records_endpoint_and_phase(served, stall_snapshot):
    by_route = {s["route"]: s for s in stall_snapshot["stalls"]}
    assert by_route["GET /sleep"]["endpoint"] == "tests.probe_apps.blocking:sleep_endpoint"
    assert by_route["GET /sleep"]["phase"] == "endpoint"
    assert by_route["GET /dependency"]["endpoint"] == "tests.probe_apps.blocking:slow_dependency"
    assert by_route["GET /dependency"]["phase"] == "dependencies"
    assert by_route["GET /background"]["phase"] == "after_response"
    assert by_route["GET /middleware"]["endpoint"] == "tests.probe_apps.blocking:slow_middleware"


def test_saturated_healthy_loop_reports_no_stall(served):
    assert post(f"http://127.0.0.1:{served.diag}/reset") == 204
    done = asyncio.run(hammer(served.port, "/fast", connections=32, seconds=2.0))
    # the last responses are read before the server's middleware returns: wait for it
    deadline = time.monotonic() + 5.0
    snap = snapshot(served.diag)
    while snap["routes"].get("GET /fast", {}).get("requests", 0) < done:
        assert time.monotonic() < deadline, (done, snap["routes"].get("GET /fast"))
        time.sleep(0.02)
        snap = snapshot(served.diag)
    assert done > 100
    assert snap["stalls"] == [], snap["stalls"]
    assert snap["loop_lag_ms"]["max"] > 0


def test_threadpool_waiting_for_80_concurrent_sync_requests(served):
    assert post(f"http://127.0.0.1:{served.diag}/reset") == 204
    if served.timed:
        # one sampling interval (50 ms by default) on an idle loop, whose heartbeat then marks
        # the next request for timing: the burst below is dispatched before any beat runs
        time.sleep(0.2)
    statuses = asyncio.run(concurrent_gets(served.port, [f"/items/{i}" for i in range(80)]))
    assert statuses == [200] * 80
    # The client can read the last response before the server's middleware has recorded it.
    deadline = time.monotonic() + 3.0
    snap = snapshot(served.diag)
    while (
        snap["routes"].get("GET /items/{item_id}", {}).get("requests", 0) < 80
        and time.monotonic() < deadline
    ):
        time.sleep(0.05)
        snap = snapshot(served.diag)
    pool = snap["threadpool"]
    assert pool["total_tokens"] == 40
    assert pool["max_waiting"] > 0
    assert pool["max_borrowed"] == 40
    assert pool["wait_ms"]["p99"] > 0
    assert pool["ceiling_rps"] is not None and pool["ceiling_rps"] > 0
    route = snap["routes"]["GET /items/{item_id}"]
    assert route["requests"] == 80
    assert route["status"] == {"200": 80}
    assert route["threadpool_wait_ms"]["p99"] > 0
    assert route["threadpool_run_ms"]["p50"] >= 150
    if served.timed:  # a timed request records the thread-pool wait as a phase too
        assert "threadpool_wait" in route["phases_ms"]
    assert "before_app" not in route["phases_ms"]  # only with --before-app
