"""The engine against real uvicorn servers on 127.0.0.1: models, counts, bytes, errors."""

import pytest

from unjam.load import Target, run_load
from unjam.load.report import render
from unjam.load.result import histograms_from_samples
from unjam.server import serve_app

APPS = "tests/load_data"


@pytest.fixture(scope="module")
def server():
    with serve_app("apps:multi", app_dir=APPS) as srv:
        yield srv


@pytest.fixture(scope="module")
def stall_server():
    with serve_app("apps:stall", app_dir=APPS) as srv:
        yield srv


def test_closed_model_counts_status_and_bytes(server):
    targets = [
        Target("POST", server.url + "/echo", body=b"12345"),
        Target("GET", server.url + "/status/404"),
    ]
    result = run_load(targets, concurrency=4, requests=200)
    assert result.requests == 200
    assert result.status_codes == {200: 100, 404: 100}
    assert result.bytes_out == 100 * 5
    assert result.bytes_in == 100 * len(b"5") + 100 * len(b"status")
    assert result.success_ratio == 0.5
    assert result.errors == {"404 Not Found": 100}
    assert result.info.model == "closed"
    # closed model: latency and service time are the same thing
    assert result.latency_ms(99) == result.service_ms(99)


@pytest.mark.slow
def test_open_model_sends_the_planned_count(server):
    result = run_load([Target(url=server.url + "/")], rate=100, duration=1.0)
    assert result.requests == 100
    assert result.status_codes == {200: 100}
    assert result.bytes_in == 100 * len(b"hello world")
    assert result.dropped == 0
    # the schedule spans (100 - 1) intervals of 10 ms
    assert 0.98 <= result.attack_s <= 1.0
    assert result.info.model == "open"


def test_open_model_with_a_request_count(server):
    result = run_load([Target(url=server.url + "/")], rate=200, requests=50)
    assert result.requests == 50


def test_chunked_and_connection_close_responses(server):
    chunked = run_load([Target(url=server.url + "/chunked")], concurrency=2, requests=20)
    assert chunked.status_codes == {200: 20}
    assert chunked.bytes_in == 20 * 15
    closing = run_load([Target(url=server.url + "/close")], concurrency=2, requests=20)
    assert closing.status_codes == {200: 20}
    assert closing.info.selfcheck["connections_opened"] >= 20


def test_head_request_completes_without_body(server):
    result = run_load([Target("HEAD", server.url + "/")], concurrency=1, requests=5)
    assert result.status_codes == {200: 5}
    assert result.bytes_in == 0


def test_timeout_is_an_error_not_a_hang(server):
    result = run_load([Target(url=server.url + "/slow")], concurrency=2, requests=2, timeout=0.3)
    assert result.status_codes == {0: 2}
    [text] = result.errors
    assert "timeout" in text and "/slow" in text


def test_workers_merge_histograms_exactly(server):
    result = run_load([Target(url=server.url + "/")], concurrency=4, requests=400, workers=2)
    assert result.requests == 400
    assert result.info.workers == 2
    assert result.latency_hist.get_total_count() == 400
    # the parent's merged HDR histogram equals one filled from all rows at once
    latency, service = histograms_from_samples(result.samples)
    assert result.latency_hist.counts[:] == latency.counts[:]
    assert result.service_hist.counts[:] == service.counts[:]


@pytest.mark.slow
def test_open_model_across_workers_keeps_the_rate(server):
    result = run_load([Target(url=server.url + "/")], rate=100, duration=1.0, workers=2)
    assert result.requests == 100
    assert len(set(result.samples.intended)) == 100  # interleaved, not doubled up


@pytest.mark.slow
def test_stall_shows_in_corrected_latency_not_in_service_time(stall_server):
    # 50/s for 4 s over one connection; the server blocks its loop for 1 s at ~0.8 s and
    # ~3.3 s. Requests due during a stall wait in the generator's queue: the corrected
    # latency counts that wait, the service time (from the actual send) does not.
    result = run_load(
        [Target(url=stall_server.url + "/")],
        rate=50,
        duration=4.0,
        connections=1,
        max_connections=1,
    )
    assert result.requests + result.dropped == 200
    assert result.latency_ms(99) >= 500
    assert result.late > 10
    # Facts on the samples, not the machine's speed: nothing leaves before it is due, the
    # late count is the samples sent past the threshold, and a request due during the 1 s
    # stall waited at least half of it in the generator's queue: corrected latency is that
    # wait plus the service time (an engine that timed from the send would hide the stall).
    s = result.samples
    waits = [sent - intended for intended, sent in zip(s.intended, s.sent, strict=True)]
    assert min(waits) >= 0
    assert sum(1 for w in waits if w > result.info.late_threshold_ms * 1e6) == result.late
    assert max(waits) >= 500e6
    # the timeline (what the lab and the doctor plot) shows the stall too
    timeline = result.timeline
    assert len(timeline) == result.requests
    assert max(latency for _, latency, _ in timeline) >= 500
    assert all(status == 200 for _, _, status in timeline)


@pytest.mark.slow
def test_a_generator_that_cannot_keep_up_marks_the_run_invalid(server):
    import time

    def blocking_progress(_snapshot):
        time.sleep(0.3)  # steals the generator's own event loop, like a saturated CPU

    result = run_load(
        [Target(url=server.url + "/")], rate=100, duration=2.0, progress=blocking_progress
    )
    assert not result.valid
    assert "lag" in result.invalid_reason
    assert result.info.selfcheck["loop_lag_max_ms"] >= 200
    assert "the generator was the bottleneck" in render(result, "text")
    assert result.to_json()["unjam"]["valid"] is False


def test_plain_asyncio_loop_works_too(server):
    result = run_load([Target(url=server.url + "/")], concurrency=2, requests=50, loop="asyncio")
    assert result.status_codes == {200: 50}
    assert result.info.loop == "asyncio"


def test_callable_from_inside_a_running_event_loop(server):
    import asyncio

    async def caller():
        return run_load([Target(url=server.url + "/")], concurrency=2, requests=20)

    assert asyncio.run(caller()).requests == 20


def test_both_bounds_stop_at_whichever_comes_first(server):
    result = run_load([Target(url=server.url + "/")], rate=100, duration=5.0, requests=30)
    assert result.requests == 30


@pytest.mark.slow
def test_server_dying_mid_run_is_reported_as_errors_not_a_crash():
    import threading

    with serve_app("apps:hello", app_dir=APPS) as srv:
        threading.Timer(0.6, srv.stop).start()
        result = run_load([Target(url=srv.url + "/")], concurrency=2, duration=1.5)
    assert result.status_codes.get(200, 0) > 0
    assert result.status_codes.get(0, 0) > 0
    assert any("connection refused" in text or "EOF" in text for text in result.errors)
