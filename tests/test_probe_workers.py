"""`unjam serve --workers N`: every worker probed, one merged view, nothing lost on a restart."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from probe_apps.blocking import LINES
from probe_apps.support import concurrent_gets, get, post, snapshot, wait_until

from unjam.probe.core import Probe, ProbeSettings
from unjam.probe.fleet import FleetView
from unjam.probe.histogram import Histogram
from unjam.probe.state import RouteStats
from unjam.probe.workers import FILE_PREFIX, raw_state
from unjam.server import ServerProcess, free_port, free_ports, uvicorn_argv

ROOT = Path(__file__).resolve().parent.parent


def _write_state(directory: Path, state: dict) -> None:
    (directory / f"{FILE_PREFIX}{state['pid']}.json").write_text(json.dumps(state))


def test_merged_histograms_are_those_of_one_process_seeing_everything(tmp_path):
    values = [[0.3, 1.7, 12.0, 55.5, 56.0], [0.31, 2.2, 980.0, 4.4]]
    single = Histogram()
    for pid, worker_values in enumerate(values, start=100):
        probe = Probe(ProbeSettings())
        stats = probe.routes.setdefault("GET /x", RouteStats())
        for value in worker_values:
            stats.total.record(value)
            stats.phase("endpoint").record(value / 2)
            single.record(value)
            stats.status[200] = stats.status.get(200, 0) + 1
        probe.stall_count = pid - 99
        probe.stalls.append({"route": "GET /x", "started_at": float(pid), "duration_ms": 30.0})
        probe.threadpool.total_tokens = 40
        probe.threadpool.max_borrowed = 7 * (pid - 99)
        state = raw_state(probe, 0)
        state["pid"] = pid
        state["stalls"] = [dict(s, pid=pid) for s in state["stalls"]]
        _write_state(tmp_path, state)

    view = FleetView(str(tmp_path))
    merged = view.routes["GET /x"].total
    assert merged.counts == single.counts
    assert (merged.count, merged.max) == (single.count, single.max)
    assert merged.sum == pytest.approx(single.sum)
    for pct in (50, 90, 99):
        assert merged.percentile(pct) == single.percentile(pct)
    snap = view.snapshot()
    assert snap["routes"]["GET /x"]["requests"] == 9
    assert [s["pid"] for s in snap["stalls"]] == [100, 101]
    assert snap["threadpool"]["total_tokens"] == 80
    assert snap["threadpool"]["workers"]["101"]["max_borrowed"] == 14
    assert view.stall_count == 3


def test_reset_drops_older_generations_at_once(tmp_path):
    probe = Probe(ProbeSettings())
    probe.routes.setdefault("GET /x", RouteStats()).status[200] = 3
    _write_state(tmp_path, raw_state(probe, 0))
    view = FleetView(str(tmp_path))
    assert view.snapshot()["routes"]["GET /x"]["requests"] == 3
    view.reset()
    assert view.snapshot()["routes"] == {}
    _write_state(tmp_path, raw_state(probe, 1))  # the worker noticed and wrote anew
    assert view.snapshot()["routes"]["GET /x"]["requests"] == 3


@pytest.mark.slow
def test_serve_two_workers_merges_stalls_requests_and_survives_a_restart(tmp_path):
    port, diag = free_ports(2)
    out = tmp_path / "probe.json"
    argv = [
        sys.executable, "-m", "unjam", "serve", "tests.probe_apps.blocking:app", "--workers", "2",
        "--port", str(port), "--diagnostics-port", str(diag), "--probe-json", str(out),
        "--stall-threshold-ms", "30", "--before-app", "--", "--log-level", "warning",
    ]  # fmt: skip
    server = ServerProcess(argv, port, cwd=str(ROOT)).start()
    sent = {"GET /sleep": 0, "GET /fast": 0}
    try:

        def both_workers_stalled():
            statuses = asyncio.run(concurrent_gets(port, ["/sleep"] * 4 + ["/fast"] * 2))
            assert statuses == [200] * 6
            sent["GET /sleep"] += 4
            sent["GET /fast"] += 2
            snap = snapshot(diag)
            pids = {
                s["pid"] for s in snap["stalls"] if s["blocking_frame"]["line"] == LINES["sleep"]
            }
            return snap if len(pids) >= 2 and len(snap["workers"]) == 2 else None

        wait_until(both_workers_stalled, 20, "stalls in both workers")

        def counted():
            snap = snapshot(diag)
            requests = {key: r["requests"] for key, r in snap["routes"].items()}
            return snap if requests == sent else None

        snap = wait_until(counted, 20, "every request counted")
        # (a loaded machine can add a stall elsewhere: a process not scheduled for 30 ms)
        sleeps = [s for s in snap["stalls"] if s["blocking_frame"]["line"] == LINES["sleep"]]
        assert {s["route"] for s in sleeps} == {"GET /sleep"}
        assert len({s["pid"] for s in sleeps}) == 2
        assert "before_app" in snap["routes"]["GET /sleep"]["phases_ms"]  # the workers' settings
        pool = snap["threadpool"]
        per_worker = pool["workers"].values()
        assert pool["total_tokens"] == sum(w["total_tokens"] for w in per_worker) > 0

        # a worker killed outright: uvicorn starts another; what it had written stays
        victim = snap["workers"][0]
        victim_stalls = [s for s in snap["stalls"] if s["pid"] == victim["pid"]]
        os.kill(victim["pid"], signal.SIGKILL)

        def replaced():
            snap = snapshot(diag)
            alive = [w for w in snap["workers"] if w["alive"]]
            return snap if len(snap["workers"]) == 3 and len(alive) == 2 else None

        snap = wait_until(replaced, 20, "a replacement worker")
        dead = next(w for w in snap["workers"] if w["pid"] == victim["pid"])
        for field in ("requests", "stalls", "errors"):
            assert dead[field] == victim[field]
        assert not dead["alive"]
        assert [s for s in snap["stalls"] if s["pid"] == victim["pid"]] == victim_stalls
        assert {key: r["requests"] for key, r in snap["routes"].items()} == sent

        assert post(f"http://127.0.0.1:{diag}/reset") == 204
        after = snapshot(diag)
        assert after["stalls"] == [] and after["routes"] == {}
        assert get(f"http://127.0.0.1:{port}/fast")[0] == 200
        sent = {"GET /fast": 1}
        wait_until(counted, 20, "the request after the reset")
    finally:
        code = server.stop()
    assert code == 0, server.stderr_text()
    final = json.loads(out.read_text())
    assert {key: r["requests"] for key, r in final["routes"].items()} == sent
    assert len(final["workers"]) == 2  # the dead worker's data went with the reset
    stderr = server.stderr_text()
    assert "unjam: probe on (2 workers, merged)" in stderr
    assert f"unjam: diagnostics at http://127.0.0.1:{diag}/snapshot" in stderr
    assert "unjam: probe summary across 2 workers — 1 request on 1 route" in stderr


def test_serve_prints_what_it_watches_and_a_summary(tmp_path):
    port = free_port()
    argv = [
        sys.executable, "-m", "unjam", "serve", "tests.probe_apps.blocking:app",
        "--port", str(port), "--stall-threshold-ms", "30", "--", "--log-level", "warning",
    ]  # fmt: skip
    server = ServerProcess(argv, port, cwd=str(ROOT)).start()
    try:
        assert get(f"http://127.0.0.1:{port}/sleep")[0] == 200
        assert get(f"http://127.0.0.1:{port}/sleep")[0] == 200
        assert get(f"http://127.0.0.1:{port}/items/3")[0] == 200
        wait_until(lambda: server.stderr_text().count("stalled") >= 2, 20, "two stalls logged")
    finally:
        assert server.stop() == 0
    lines = server.stderr_text().splitlines()
    assert lines[0].startswith("unjam: probe on (one process): event-loop stalls ≥ 30 ms")
    assert "diagnostics endpoint off" in lines[1]
    start = next(i for i, line in enumerate(lines) if "probe summary" in line)
    assert lines[start] == ("unjam: probe summary — 3 requests on 2 routes, 2 event-loop stalls:")
    assert lines[start + 1] == (
        f"unjam:   2× GET /sleep — tests/probe_apps/blocking.py:{LINES['sleep']} in "
        f"sleep_endpoint (max {lines[start + 1].rsplit('max ', 1)[1]}"
    )
    assert lines[start + 2].startswith("unjam: thread pool — peak 1 of 40 tokens borrowed")


@pytest.mark.slow
def test_plain_uvicorn_workers_with_a_workers_dir_merge_through_the_fleet_command(tmp_path):
    port = free_port()
    env = {"PROBE_APP_INSTRUMENT": "1", "UNJAM_PROBE_WORKERS_DIR": str(tmp_path)}
    argv = uvicorn_argv("tests.probe_apps.blocking:app", port, extra=["--workers", "2"])
    sent = 0
    with ServerProcess(argv, port, env=env, cwd=str(ROOT)):
        deadline = time.monotonic() + 20
        while len(list(tmp_path.glob(f"{FILE_PREFIX}*.json"))) < 2:  # both workers started
            assert time.monotonic() < deadline
            time.sleep(0.1)
        statuses = asyncio.run(concurrent_gets(port, ["/fast"] * 6))
        assert statuses == [200] * 6
        sent += 6
    # the workers' last writes at exit are in: one merged snapshot from the files
    merged = subprocess.run(
        [sys.executable, "-m", "unjam.probe.fleet", str(tmp_path)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    snap = json.loads(merged.stdout)
    assert snap["routes"].get("GET /fast", {}).get("requests") == sent, (
        snap["workers"],
        merged.stderr,
    )
    assert len(snap["workers"]) == 2
    assert snap["threadpool"]["total_tokens"] == 80
