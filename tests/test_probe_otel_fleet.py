"""OpenTelemetry for fleets: two worker processes, each with the SDK's in-memory reader; the
resource says which service and which instance, so a collector can add the replicas up."""

from __future__ import annotations

import json
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from probe_apps.support import get

from unjam.server import ServerProcess, free_port, uvicorn_argv

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_two_workers_carry_service_instance_and_pid_and_add_up():
    port = free_port()
    argv = uvicorn_argv("tests.probe_apps.otel_app:app", port, extra=["--workers", "2"])
    with ServerProcess(argv, port, cwd=str(ROOT)) as server:
        sent, pids = 0, set()
        deadline = time.monotonic() + 30
        while len(pids) < 2:  # both workers served some
            assert time.monotonic() < deadline, server.stderr_text()
            with ThreadPoolExecutor(8) as pool:
                replies = list(pool.map(get, [f"{server.url}/hello"] * 8))
            assert [status for status, _ in replies] == [200] * 8
            pids |= {json.loads(body)["pid"] for _, body in replies}
            sent += 8
        dumps: dict[int, dict] = {}
        while set(dumps) != pids:  # each worker's reader, collected after all requests
            assert time.monotonic() < deadline, sorted(dumps)
            status, body = get(f"{server.url}/_otel")
            assert status == 200
            dump = json.loads(body)
            dumps[dump["pid"]] = dump

    collector: dict[tuple, float] = {}  # what a collector summing replicas would hold
    instances = set()
    for pid, dump in dumps.items():
        (resource,) = dump["resources"]
        attrs = resource["attributes"]
        assert attrs["service.name"] == "checkout"
        assert attrs["process.pid"] == pid
        instances.add(attrs["service.instance.id"])
        for point in resource["points"]:
            if point["name"] == "unjam.route.requests":
                key = (attrs["service.name"], point["attributes"]["http.route"])
                collector[key] = collector.get(key, 0) + point["value"]
    assert len(instances) == 2
    assert collector[("checkout", "GET /hello")] == sent
