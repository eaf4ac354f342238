"""A fault anywhere in the probe's request path is counted, and the request goes on untouched.

`unjam serve` runs tests/probe_apps/faults.py; for each probe function, method or class a
request runs through (on the middleware's timed and untimed paths, in the FastAPI phase
wrappers, the thread-pool wrapper, the parsed-request stamp), the app's control route
replaces it with one that raises, and requests to every kind of route (async with
dependencies, sync through the thread pool, a background task, a stream) must all answer
200 with their usual body while the probe's error counter goes up.
"""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import quote

import pytest
from probe_apps.faults import EXPECTED
from probe_apps.support import get, post, snapshot

from unjam.server import ServerProcess, free_ports

ROOT = Path(__file__).resolve().parent.parent

TIMED = [
    "unjam.probe.middleware:RequestState",
    "unjam.probe.middleware:CURRENT_REQUEST",
    "unjam.probe.middleware:attach_phase_timing",
    "unjam.probe.middleware:detach_phase_timing",
    "unjam.probe.core:Probe.finish_request",
    "unjam.probe.core:Probe._route_stats",
    "unjam.probe.hooks:_time_endpoint",
    "unjam.probe.hooks:_time_solve",
    "unjam.probe.hooks:_time_nested",
    "unjam.probe.hooks:_dependency_name",
    "unjam.probe.hooks:_current",
    "unjam.probe.state:RequestState.add_phase",
    "unjam.probe.histogram:Histogram.record",
    "unjam.probe.pool_meter:_note_entry",
    "unjam.probe.pool_meter:_record_call",
    "unjam.probe.uvicorn_support:perf_counter",
]
UNTIMED = [
    "unjam.probe.core:Probe.count_response",
    "unjam.probe.core:Probe.fold_threadpool",
    "unjam.probe.core:Probe._route_stats",
    "unjam.probe.pool_meter:_note_entry",
    "unjam.probe.pool_meter:_record_call",
    "unjam.probe.pool_meter:_request_record",
    "unjam.probe.pool_meter:CURRENT_REQUEST",
    "unjam.probe.histogram:Histogram.record",
    "unjam.probe.histogram:Histogram.replace",
    "unjam.probe.uvicorn_support:perf_counter",
]
CASES = [("timed", point) for point in TIMED] + [("untimed", point) for point in UNTIMED]


@pytest.fixture(scope="module")
def served():
    port, diag = free_ports(2)
    argv = [
        sys.executable, "-m", "unjam", "serve", "tests.probe_apps.faults:app",
        "--port", str(port), "--diagnostics-port", str(diag), "--before-app",
        "--", "--log-level", "critical", "--no-access-log",
    ]  # fmt: skip
    with ServerProcess(argv, port, cwd=str(ROOT)):
        yield port, diag


def errors(diag: int) -> int:
    return int(snapshot(diag)["probe"]["errors"])


@pytest.mark.parametrize(("mode", "point"), CASES, ids=[f"{m}-{p}" for m, p in CASES])
def test_a_fault_in_the_probe_is_counted_and_the_request_goes_on_untouched(served, mode, point):
    port, diag = served
    base = f"http://127.0.0.1:{port}"
    assert post(f"{base}/_fault?mode={mode}") == 200
    before = errors(diag)
    assert post(f"{base}/_fault?mode={mode}&point={quote(point)}") == 200
    try:
        answers = [get(f"{base}{path}") for _ in range(3) for path in EXPECTED]
    finally:
        assert post(f"{base}/_fault") == 200
    assert [status for status, _ in answers] == [200] * len(answers)
    assert [body for _, body in answers] == list(EXPECTED.values()) * 3
    assert errors(diag) > before, f"a fault in {point} was not counted"
