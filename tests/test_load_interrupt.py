"""Ctrl-C and hostile sizes: `unjam load` and `unjam lab` stop when told, keep what they
measured, leave nothing running, and a rate no machine can send costs counters, not memory.

Ctrl-C is sent as a terminal sends it: SIGINT to the whole process group (the child starts
its own session, so the group is the command and the processes it forked), with SIGINT at
its default disposition (a plain `Popen`, not a shell's `cmd &`, which would ignore it).
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import threading
import time

import psutil
import pytest

from unjam.load.limits import MAX_RATE
from unjam.server import serve_app

APPS = "tests/load_data"
DEADLINE_S = 60.0
STOP_WITHIN_S = 5.0  # the goal is 1–2 s; the margin is for a loaded CI machine


@pytest.fixture(scope="module")
def server():
    with serve_app("apps:hello", app_dir=APPS) as srv:
        yield srv


class Command:
    """`unjam ARGS` in its own process group, stderr read line by line as it comes."""

    def __init__(self, *args: str, **popen) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "unjam", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
            **popen,
        )
        self.err_lines: list[str] = []
        self.seen: set[int] = set()  # every process of the command ever observed
        self._reader = threading.Thread(target=self._read_stderr, daemon=True)
        self._reader.start()

    def _read_stderr(self) -> None:
        for line in self.proc.stderr:
            self.err_lines.append(line)

    def processes(self) -> list[psutil.Process]:
        try:
            main = psutil.Process(self.proc.pid)
            found = [main, *main.children(recursive=True)]
        except psutil.Error:
            return []
        self.seen |= {p.pid for p in found}
        return found

    def wait_for(self, condition, what: str) -> None:
        deadline = time.monotonic() + DEADLINE_S
        while not condition():
            assert self.proc.poll() is None, f"ended before {what}: {''.join(self.err_lines)}"
            assert time.monotonic() < deadline, f"no {what} within {DEADLINE_S:g}s"
            time.sleep(0.05)

    def ctrl_c(self) -> tuple[int, str, float]:
        """SIGINT to the group; (exit code, stdout, seconds until it exited)."""
        self.processes()
        started = time.monotonic()
        os.killpg(self.proc.pid, signal.SIGINT)
        out = self.proc.stdout.read()
        code = self.proc.wait(DEADLINE_S)
        took = time.monotonic() - started
        self._reader.join(5)
        return code, out, took

    def left_running(self) -> list[int]:
        alive = []
        for pid in self.seen:
            try:
                if psutil.Process(pid).status() != psutil.STATUS_ZOMBIE:
                    alive.append(pid)
            except psutil.NoSuchProcess:
                pass
        return alive


def connected_to(command: Command, port: int) -> bool:
    for proc in command.processes():
        try:
            if any(c.raddr and c.raddr.port == port for c in proc.net_connections("tcp")):
                return True
        except psutil.Error:
            pass
    return False


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_load_at_the_highest_rate_with_a_partial_report(server, workers):
    command = Command("load", server.url + "/", "-r", f"{MAX_RATE:g}", "-d", "60s", "-w", workers)
    command.wait_for(lambda: connected_to(command, server.port), "connection to the server")
    time.sleep(0.5)  # let some requests complete: the report must have something to show
    code, out, took = command.ctrl_c()
    assert code == 130, "".join(command.err_lines)
    assert took < STOP_WITHIN_S, took
    assert out.startswith("Requests"), out
    assert "interrupted" in out
    assert "dropped" in out
    assert command.left_running() == []
    assert "Traceback" not in "".join(command.err_lines)


def _limit_memory(limit: int):
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return apply


@pytest.mark.slow  # the highest rate for seconds
def test_the_highest_rate_runs_in_bounded_memory(server):
    """At the top rate the machine sends what it can and counts the rest as dropped; the
    schedule waiting for connections is bounded, so 400 MB of address space is plenty
    (before, the queue grew with the rate: 419 MB RSS at 1e6/s for 3 s, 3.85 GB at 1e9/s)."""
    attack = ["load", server.url + "/", "-r", f"{MAX_RATE:g}", "-d", "2s"]
    result = subprocess.run(
        [sys.executable, "-m", "unjam", *attack],
        capture_output=True,
        text=True,
        timeout=DEADLINE_S,
        preexec_fn=_limit_memory(400 * 1024 * 1024),
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    dropped = int(result.stdout.split("dropped ")[1].split()[0])
    assert dropped > 0  # no machine sends a million a second through one engine


@pytest.mark.slow  # runs the lab
@pytest.mark.parametrize("as_json", [False, True], ids=["tables", "json"])
def test_ctrl_c_stops_the_lab_with_what_it_measured_and_no_server_left(as_json):
    command = Command(
        "lab",
        "healthcheck",
        *(["--json"] if as_json else []),
        *("--endpoints", "8", "--delay-ms", "400", "--threads", "4", "--no-pin"),
    )
    # the checkers are measured; the app server (and the downstream) are running
    command.wait_for(
        lambda: any("in the app, async_requests" in line for line in command.err_lines),
        "the in-app step",
    )
    command.wait_for(lambda: len(command.processes()) >= 3, "the servers")
    code, out, took = command.ctrl_c()
    err = "".join(command.err_lines)
    assert code == 130, err
    assert took < STOP_WITHIN_S, took
    if as_json:
        data = json.loads(out)
        assert data["partial"] is True
        assert {"checker_sequential", "checker_asyncio"} <= set(data["variants"])
    else:
        assert "PARTIAL RESULTS" in out
        assert "sequential" in out and "asyncio" in out  # the checkers measured before Ctrl-C
        assert "interrupted after" in out
    assert "Traceback" not in err
    assert command.left_running() == []


@pytest.mark.parametrize(
    ("mode", "shown"),
    [
        (["--sweep", "1,2,4", "-d", "30s"], "level"),
        (["--find-knee", "--start-rate", "100", "--step-duration", "30s"], "interrupted"),
    ],
    ids=["sweep", "find-knee"],
)
def test_ctrl_c_stops_sweeps_and_knee_searches_with_what_they_measured(server, mode, shown):
    command = Command("load", server.url + "/", *mode)
    command.wait_for(lambda: connected_to(command, server.port), "connection to the server")
    code, out, took = command.ctrl_c()
    assert code == 130, "".join(command.err_lines)
    assert took < STOP_WITHIN_S, took
    assert shown in out, out
    assert "Traceback" not in "".join(command.err_lines)
