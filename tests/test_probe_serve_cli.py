"""`unjam serve` and `unjam.instrument` as processes: JSON at shutdown, errors, diagnostics."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from probe_apps.blocking import LINES
from probe_apps.support import get, post

from unjam.server import ServerProcess, free_port, free_ports, uvicorn_argv

ROOT = Path(__file__).resolve().parent.parent
APP_FILE = str(ROOT / "tests" / "probe_apps" / "blocking.py")


def wait_for_snapshot(diag: int, holds, timeout: float = 10.0) -> dict:
    """Poll the diagnostics snapshot until `holds(snapshot)`: the watchdog reports a stall once
    the loop is back, and the middleware records a request after its response is read."""
    deadline = time.monotonic() + timeout
    while True:
        status, body = get(f"http://127.0.0.1:{diag}/snapshot")
        snap = json.loads(body) if status == 200 else {}
        if snap and holds(snap):
            return snap
        assert time.monotonic() < deadline, f"the snapshot never showed it: {snap}"
        time.sleep(0.02)


def unjam(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "unjam", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=str(ROOT),
    )


@pytest.mark.slow
def test_serve_writes_json_snapshot_at_shutdown(tmp_path):
    out = tmp_path / "probe.json"
    port, diag = free_ports(2)
    argv = [
        sys.executable, "-m", "unjam", "serve", "tests.probe_apps.blocking:app",
        "--port", str(port), "--probe-json", str(out), "--stall-threshold-ms", "30", "--before-app",
        "--diagnostics-port", str(diag),
        "--log-level", "warning", "--timeout-keep-alive", "3",  # uvicorn's, passed through
    ]  # fmt: skip
    server = ServerProcess(argv, port, cwd=str(ROOT)).start()
    try:
        assert get(f"http://127.0.0.1:{port}/sleep")[0] == 200
        assert get(f"http://127.0.0.1:{port}/items/7")[0] == 200
        wait_for_snapshot(
            diag,
            lambda snap: (
                snap["stalls"]
                and snap["routes"].get("GET /items/{item_id}", {}).get("requests") == 1
            ),
        )
    finally:
        code = server.stop()
    assert code == 0, server.stderr_text()
    snap = json.loads(out.read_text())
    assert snap["version"] == 1
    assert snap["probe"]["threshold_ms"] == 30.0
    assert [s["blocking_frame"]["line"] for s in snap["stalls"]] == [LINES["sleep"]]
    assert snap["routes"]["GET /items/{item_id}"]["requests"] == 1
    assert "before_app" in snap["routes"]["GET /sleep"]["phases_ms"]
    assert "stalled" in server.stderr_text()


def test_instrument_with_env_json_under_plain_uvicorn(tmp_path):
    out = tmp_path / "probe.json"
    port, diag = free_ports(2)
    env = {
        "UNJAM_PROBE_JSON": str(out),
        "UNJAM_PROBE_DIAGNOSTICS_PORT": str(diag),
        "PROBE_APP_INSTRUMENT": "1",
    }
    argv = uvicorn_argv("tests.probe_apps.blocking:app", port, loop="asyncio")
    server = ServerProcess(argv, port, env=env, cwd=str(ROOT)).start()
    try:
        assert get(f"http://127.0.0.1:{port}/dependency")[0] == 200
        wait_for_snapshot(diag, lambda snap: any(s["route"] for s in snap["stalls"]))
    finally:
        assert server.stop() == 0
    snap = json.loads(out.read_text())
    assert snap["probe"]["loop"] == "asyncio"
    # the route's stalls only: with the diagnostics port on, its start-up in the lifespan can
    # be recorded too (route null)
    (stall,) = [s for s in snap["stalls"] if s["route"] is not None]
    assert stall["route"] == "GET /dependency"
    assert stall["blocking_frame"] == {
        "path": APP_FILE,
        "line": LINES["dependency"],
        "function": "slow_dependency",
    }
    phases = snap["routes"]["GET /dependency"]["phases_ms"]
    assert phases["dep:slow_dependency"]["p50"] >= 40
    assert phases["dependencies"]["p50"] >= 40  # the phase holds the dependency's 60 ms sleep


def test_serve_reports_an_app_that_does_not_import(tmp_path):
    (tmp_path / "broken_app.py").write_text("import not_a_module_anywhere\napp = None\n")
    result = unjam(
        "serve", "broken_app:app", "--app-dir", str(tmp_path), "--port", str(free_port())
    )
    assert result.returncode == 4, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1
    assert "broken_app" in lines[0] and "ModuleNotFoundError" in lines[0]
    assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_serve_reports_a_port_in_use():
    port = free_port()
    with ServerProcess(uvicorn_argv("tests.probe_apps.blocking:app", port), port, cwd=str(ROOT)):
        result = unjam("serve", "tests.probe_apps.blocking:app", "--port", str(port))
    assert result.returncode == 5, result.stderr
    assert f"port {port}" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "args, message",
    [
        (["--loop", "trio"], "--loop"),
        (["--diagnostics-host", "0.0.0.0", "--diagnostics-port", "1"], "token"),
        (["--", "--workers", "2"], "--workers"),
    ],
)
def test_serve_rejects_bad_options(args, message):
    result = unjam("serve", "tests.probe_apps.blocking:app", "--port", str(free_port()), *args)
    assert result.returncode == 2, result.stderr
    assert message in result.stderr and "Traceback" not in result.stderr


@pytest.mark.slow
def test_diagnostics_token_metrics_and_reset():
    port, diag = free_ports(2)
    argv = [
        sys.executable, "-m", "unjam", "serve", "tests.probe_apps.blocking:app", "--port",
        str(port), "--diagnostics-port", str(diag), "--diagnostics-token", "s3cret",
        "--", "--log-level", "warning",
    ]  # fmt: skip
    with ServerProcess(argv, port, cwd=str(ROOT)):
        base = f"http://127.0.0.1:{diag}"
        auth = {"Authorization": "Bearer s3cret"}
        assert get(f"{base}/snapshot")[0] == 401
        assert get(f"{base}/snapshot", {"Authorization": "Bearer nope"})[0] == 401
        assert post(f"{base}/reset") == 401
        assert get(f"http://127.0.0.1:{port}/sleep")[0] == 200
        deadline = time.monotonic() + 10
        while "unjam_loop_stalls_total 0.0" in (text := get(f"{base}/metrics", auth)[1].decode()):
            assert time.monotonic() < deadline, "the stall was never recorded"
            time.sleep(0.05)  # the watchdog reports a stall once the loop is back
        assert 'unjam_route_stalls_total{route="GET /sleep"} 1.0' in text
        assert 'unjam_route_phase_seconds_count{phase="total",route="GET /sleep"} 1.0' in text
        assert "unjam_threadpool_tokens 40.0" in text
        assert "unjam_loop_lag_seconds_bucket" in text
        assert post(f"{base}/reset", auth) == 204
        status, body = get(f"{base}/snapshot", auth)
        assert status == 200 and json.loads(body)["stalls"] == []


def test_diagnostics_is_off_by_default_and_loopback_only():
    port = free_port()
    argv = [
        sys.executable,
        "-m",
        "unjam",
        "serve",
        "tests.probe_apps.blocking:app",
        "--port",
        str(port),
    ]
    with ServerProcess(argv, port, cwd=str(ROOT)) as server:
        assert get(f"http://127.0.0.1:{port}/fast")[0] == 200
        import psutil

        listening = {
            c.laddr.port
            for c in psutil.Process(server.pid).net_connections(kind="tcp")
            if c.status == psutil.CONN_LISTEN
        }
    assert listening == {port}
