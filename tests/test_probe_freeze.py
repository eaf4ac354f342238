"""Stalls a user must see while they last, however long, and charged to the right owner.

`unjam serve` runs tests/probe_apps/freeze.py under uvloop and asyncio: a blocking pool used
inside `async def` freezes the server (the loop waits for a connection the requests it
holds cannot give back); the diagnostics endpoint, on its own thread, must show the stall
in progress with the blocking line while the loop is frozen, the terminal must say so, and
each blocked request must be recorded when it ends. A stall longer than the client's
timeout, a background task's stall, generated code and a per-request HTTP client complete
the set.
"""

from __future__ import annotations

import asyncio
import socket
import sys
import threading
import urllib.request
from pathlib import Path

import pytest
from probe_apps.freeze import LINES
from probe_apps.support import concurrent_gets, get, hammer, post, snapshot, wait_until

from unjam.server import ServerProcess, free_ports

ROOT = Path(__file__).resolve().parent.parent
APP_FILE = str(ROOT / "tests" / "probe_apps" / "freeze.py")
FRAME_KEYS = {"path", "line", "function"}


class Served:
    def __init__(self, loop: str) -> None:
        self.loop = loop
        self.port, self.diag = free_ports(2)
        argv = [
            sys.executable, "-m", "unjam", "serve", "tests.probe_apps.freeze:app",
            "--port", str(self.port), "--loop", loop, "--diagnostics-port", str(self.diag),
            "--stall-threshold-ms", "10", "--", "--log-level", "warning", "--no-access-log",
        ]  # fmt: skip
        env = {"FREEZE_SECONDS": "3"}
        self.server = ServerProcess(argv, self.port, env=env, cwd=str(ROOT))

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def reset(self) -> None:
        assert post(f"http://127.0.0.1:{self.diag}/reset") == 204


@pytest.fixture(scope="module", params=["uvloop", "asyncio"])
def served(request):
    served = Served(request.param)
    with served.server:
        yield served


def in_background(target) -> threading.Thread:
    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    return thread


def stalls_at(served: Served, line: int) -> list[dict]:
    return [s for s in snapshot(served.diag)["stalls"] if s["blocking_frame"]["line"] == line]


@pytest.mark.slow  # holds a served app frozen for seconds
def test_a_frozen_server_is_reported_while_frozen_and_each_blocked_request_after(served):
    served.reset()
    client = in_background(
        lambda: asyncio.run(concurrent_gets(served.port, ["/checkout", "/checkout"]))
    )

    def frozen_for_a_while():
        current = snapshot(served.diag)["stall_in_progress"]
        return current if current and current["duration_s"] >= 0.5 else None

    current = wait_until(frozen_for_a_while, 10, "the freeze in /snapshot")
    assert set(current) == {"duration_s", "route", "frame", "stack"}
    assert current["route"] == "GET /checkout"
    assert current["frame"] == {
        "path": APP_FILE,
        "line": LINES["checkout"],
        "function": "BlockingPool.checkout",
    }
    assert all(set(frame) == FRAME_KEYS for frame in current["stack"])
    assert any(f["path"].endswith("queue.py") for f in current["stack"])  # library frames kept
    wait_until(lambda: "still blocked" in served.server.stderr_text(), 10, "the terminal")
    client.join(15)
    (stall,) = wait_until(lambda: stalls_at(served, LINES["checkout"]), 5, "the stall")
    assert stall["route"] == "GET /checkout"
    assert stall["duration_ms"] >= 2500  # the pool's 3 s timeout ended the freeze
    # (on a loaded machine the second request may still be frozen when the client's join
    # gives up: the freeze must end, whenever it does)
    wait_until(
        lambda: snapshot(served.diag)["stall_in_progress"] is None, 20, "the end of the freeze"
    )


@pytest.mark.slow  # holds a served app frozen for seconds
def test_a_stall_longer_than_the_client_timeout_is_seen_then_recorded(served):
    served.reset()

    def impatient_client():
        with pytest.raises((TimeoutError, socket.timeout, urllib.error.URLError)):
            urllib.request.urlopen(served.url("/long?seconds=2"), timeout=0.3)

    impatient_client()  # gave up while the loop is still blocked
    current = wait_until(lambda: snapshot(served.diag)["stall_in_progress"], 3, "in progress")
    assert current["route"] == "GET /long"
    assert current["frame"]["line"] == LINES["long"]
    (stall,) = wait_until(lambda: stalls_at(served, LINES["long"]), 5, "the long stall")
    assert stall["duration_ms"] >= 1900
    assert stall["route"] == "GET /long"


def stall_of_a_task_spawned_by(served: Served, path: str, line: int) -> dict:
    """Request `path` (which starts a task that blocks the loop at `line`) while other
    requests keep the server busy; the one stall recorded there."""
    served.reset()
    assert get(served.url(path))[0] == 200
    asyncio.run(hammer(served.port, "/fast", connections=4, seconds=1.0, max_requests=2000))
    (stall,) = wait_until(lambda: stalls_at(served, line), 3, "the task's stall")
    return stall


def test_a_background_task_stall_is_charged_to_the_task_not_the_route_under_load(served):
    stall = stall_of_a_task_spawned_by(served, "/spawn", LINES["task"])
    assert stall["route"] is None
    assert stall["task"] == "tests.probe_apps.freeze:nightly_job"
    assert stall["endpoint"] == "tests.probe_apps.freeze:nightly_job"


def test_a_task_handed_the_request_is_charged_to_the_route_that_scheduled_it(served):
    stall = stall_of_a_task_spawned_by(served, "/spawn-audit", LINES["audit"])
    assert stall["route"] == "GET /spawn-audit"
    assert stall["endpoint"] == "tests.probe_apps.freeze:audit"


def test_generated_code_is_shown_as_such_and_the_headline_is_the_caller(served):
    served.reset()
    assert get(served.url("/generated"))[0] == 200
    (stall,) = wait_until(lambda: stalls_at(served, LINES["generated"]), 3, "the stall")
    assert stall["blocking_frame"]["path"] == APP_FILE
    generated = [f for f in stall["stack"] if f["function"] == "generated_sleep"]
    assert generated == [{"path": "<string>", "line": 3, "function": "generated_sleep"}]


def test_a_client_built_per_request_is_blamed_on_its_ssl_context(served):
    # (the process's first client also imports what httpx loads lazily: that request's
    # stall may be an import at first use; the steady cost is the SSL context)
    assert get(served.url("/client"))[0] == 200
    served.reset()
    assert get(served.url("/client"))[0] == 200
    stalls = wait_until(lambda: stalls_at(served, LINES["client"]), 3, "the stall")
    assert stalls[0]["route"] == "GET /client"
    assert stalls[0]["blocking_frame"]["path"] == APP_FILE
    assert stalls[0]["cause"]["kind"] == "ssl_context"
    assert "once" in stalls[0]["cause"]["fix"]
