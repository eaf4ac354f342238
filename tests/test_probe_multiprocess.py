"""The probe under gunicorn's UvicornWorker with prometheus_client's multiprocess mode: one
scrape of one worker's /metrics adds up every worker."""

from __future__ import annotations

import json
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from probe_apps.support import get
from prometheus_client.parser import text_string_to_metric_families

from unjam.server import ServerProcess, free_port

ROOT = Path(__file__).resolve().parent.parent


def _samples(text: str) -> list:
    return [s for family in text_string_to_metric_families(text) for s in family.samples]


def _total(samples: list, name: str, **labels: str) -> float:
    return sum(
        s.value
        for s in samples
        if s.name == name and all(s.labels.get(k) == v for k, v in labels.items())
    )


@pytest.mark.slow
def test_gunicorn_two_uvicorn_workers_one_scrape_counts_every_request(tmp_path):
    port = free_port()
    argv = [
        sys.executable, "-m", "gunicorn", "tests.probe_apps.multiproc:app",
        "-k", "uvicorn_worker.UvicornWorker", "-w", "2", "-b", f"127.0.0.1:{port}",
        "--log-level", "warning",
    ]  # fmt: skip
    env = {"PROMETHEUS_MULTIPROC_DIR": str(tmp_path), "UNJAM_PROBE_THRESHOLD_MS": "20"}
    sent = 0
    with ServerProcess(argv, port, env=env, cwd=str(ROOT)) as server:
        deadline = time.monotonic() + 30
        pids: set[int] = set()
        while len(pids) < 2:  # until both workers served some
            assert time.monotonic() < deadline, server.stderr_text()
            with ThreadPoolExecutor(8) as pool:
                replies = list(pool.map(get, [f"{server.url}/work", f"{server.url}/sync"] * 4))
            assert [status for status, _ in replies] == [200] * 8
            pids |= {json.loads(body)["pid"] for _, body in replies}
            sent += 4
        while True:  # each worker syncs its files every half second
            status, body = get(f"{server.url}/metrics")
            assert status == 200
            samples = _samples(body.decode())
            counted = [
                _total(samples, "unjam_route_requests_total", route=route)
                for route in ("GET /work", "GET /sync")
            ]
            if counted == [sent, sent] or time.monotonic() > deadline:
                break
            time.sleep(0.2)
    assert counted == [sent, sent]
    assert _total(samples, "unjam_loop_stalls_total") >= 2
    phase_count = _total(
        samples, "unjam_route_phase_seconds_count", route="GET /work", phase="total"
    )
    assert 1 <= phase_count <= sent
    assert _total(samples, "unjam_threadpool_tokens") == 80  # two live workers x 40
    # every /sync ran on the pool (the /metrics scrapes do too, but the last ones may be
    # synced to the files after this scrape)
    assert _total(samples, "unjam_threadpool_wait_seconds_count") >= sent
