"""Each `unjam lab` scenario, run through the CLI with tiny sizes: its `--json` parses, holds
every variant, and counts what it should. Then each seed's claim, proved by facts the probe
and the downstream record, not by the machine's speed: how many thread-pool tokens were
borrowed and waited for, how many calls the downstream served at once, which line stalled
the loop on which route. The speed ratios themselves are in benchmarks/lab_scenarios.py.
The only timings asserted are lower bounds a sleep sets, which a loaded machine cannot break.

Real servers throughout (uvicorn apps under `unjam serve`, moto, the latency proxy, the slow
services), all on 127.0.0.1 free ports and stopped by pid.
"""

import contextlib
import json
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from unjam.lab.registry import APPENDIX, SCENARIOS, STORY, downstreams, variant
from unjam.server import ServerProcess, free_port, free_ports, uvicorn_argv

pytestmark = pytest.mark.slow


ROOT = Path(__file__).resolve().parents[1]


def lab(*args: str, timeout: float = 240) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "unjam", "lab", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def lab_json(*args: str) -> dict:
    result = lab(*args, "--json")
    assert result.returncode == 0, result.stderr[-2000:]
    return json.loads(result.stdout)


def test_lab_lists_the_scenarios():
    result = lab()
    assert result.returncode == 0, result.stderr
    for name in SCENARIOS:
        assert name in result.stdout
    listed = json.loads(lab("--json").stdout)
    assert set(listed) == set(SCENARIOS)
    assert set(listed["webhook"]["variants"]) == set(SCENARIOS["webhook"].variants)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nope"], "no lab scenario 'nope'"),
        (["sleep", "--rate", "5"], "--rate does not apply to `unjam lab sleep`"),
        (["sleep", "--concurrency", "a,b"], "--concurrency"),
        (["webhook", "--variants", "nope"], "has no variant 'nope'"),
        (["webhook", "--duration", "0"], "--duration: 0s is too small"),
    ],
)
def test_bad_input_is_one_line_not_a_traceback(args, message):
    result = lab(*args)
    assert result.returncode in (2, 3)
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def http(method: str, url: str) -> dict:
    request = urllib.request.Request(url, method=method)
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read() or b"{}")


@contextlib.contextmanager
def counting_downstream(delay_ms: float):
    """The lab's slow service, counting the calls it serves at once (tests/lab_apps)."""
    port = free_port()
    argv = uvicorn_argv("tests.lab_apps.counting:app", port)
    env = {"LAB_DELAY_MS": str(delay_ms)}
    with ServerProcess(argv, port, env=env, cwd=str(ROOT)).start(ready_timeout=60) as server:
        yield server.url


def in_flight(downstream: str) -> dict:
    """The downstream's count since the last call: {"max": at once, "calls": in all}."""
    return http("DELETE", f"{downstream}/_in_flight")


@contextlib.contextmanager
def probed(app: str, env: dict, threshold_ms: float = 50):
    """`unjam serve app` with its diagnostics port; yields (base url, diagnostics port)."""
    port, diag = free_ports(2)
    argv = [
        sys.executable, "-m", "unjam", "serve", app, "--port", str(port),
        "--diagnostics-port", str(diag), "--stall-threshold-ms", str(threshold_ms),
        "--", "--log-level", "warning",
    ]  # fmt: skip
    with ServerProcess(argv, port, env=dict(env), cwd=str(ROOT)).start(ready_timeout=60) as server:
        yield server.url, diag


def snapshot_when(diag: int, holds, timeout: float = 30.0) -> dict:
    """Poll the probe until `holds(snapshot)`: it records a request after the response is
    read, and a stall once the loop is back."""
    deadline = time.monotonic() + timeout
    while True:
        snap = http("GET", f"http://127.0.0.1:{diag}/snapshot")
        if holds(snap):
            return snap
        assert time.monotonic() < deadline, snap
        time.sleep(0.05)


def served(snap: dict, route: str, n: int) -> bool:
    return snap["routes"].get(route, {}).get("requests", 0) >= n


def send(base: str, v, n: int) -> None:
    """n concurrent valid requests to variant `v`, all answered 200."""
    from unjam.load import Target, run_load

    method, path, headers, body = v.sample_request()
    target = Target(method=method, url=base + path, headers=headers, body=body)
    result = run_load([target], concurrency=n, requests=n, timeout=120)
    assert result.status_codes == {200: n}, (v.name, dict(result.status_codes))


def stall_at(snap: dict, v) -> dict | None:
    """The stall on v's route whose stack holds v's blocking line (the seed's culprit)."""
    line = (str(Path(v.source_file).resolve()), v.expected_line)
    assert v.expected_line is not None, v
    for stall in snap["stalls"]:
        frames = [stall["blocking_frame"], *(stall.get("stack") or [])]
        lines = {(str(Path(f["path"]).resolve()), f["line"]) for f in frames}
        if stall["route"] == v.route and line in lines:
            return stall
    return None


def test_sleep_sync_steps_at_the_pool_in_the_lab():
    sleep, pool, raised = 0.5, 4, 8
    data = lab_json(
        "sleep",
        "--sleep", str(sleep),
        "--pool", str(pool),
        "--raised-pool", str(raised),
        "--concurrency", "4,8,12",
    )  # fmt: skip
    assert set(data["variants"]) == set(SCENARIOS["sleep"].variants)
    a = data["variants"]["async"]["by_concurrency"]
    s = data["variants"]["sync"]["by_concurrency"]
    r = data["variants"]["sync"]["by_concurrency_raised_pool"]
    for n, rounds in (("4", 1), ("8", 2), ("12", 3)):
        assert a[n]["success"] == s[n]["success"] == r[n]["success"] == 1.0
        assert a[n]["expected_s"] == sleep and s[n]["expected_s"] == rounds * sleep
        # Lower bounds only (a loaded machine is slower, never faster): every request
        # sleeps once, and a pool of 4 serves 8 and 12 sleepers in 2 and 3 rounds.
        assert a[n]["seconds"] >= 0.95 * sleep
        assert s[n]["seconds"] >= 0.95 * rounds * sleep, (n, s[n])


def test_sleep_sync_holds_a_token_per_request_and_async_none():
    sync, asleep = variant("sleep", "sync"), variant("sleep", "async")
    for pool in (4, 8):  # the seed's knob: raising the pool moves the step
        with (
            downstreams("sleep", sleep_s=0.5, pool=pool) as env,
            probed(sync.app, env) as (
                base,
                diag,
            ),
        ):
            send(base, sync, 8)
            snap = snapshot_when(diag, lambda snap: served(snap, sync.route, 8))
            tokens = snap["threadpool"]
            assert tokens["total_tokens"] == pool
            assert (tokens["max_borrowed"], tokens["max_waiting"]) == (pool, 8 - pool), tokens
            if pool == 4:
                assert http("POST", f"http://127.0.0.1:{diag}/reset") == {}
                send(base, asleep, 8)
                snap = snapshot_when(diag, lambda snap: served(snap, asleep.route, 8))
                tokens = snap["threadpool"]
                assert (tokens["max_borrowed"], tokens["max_waiting"]) == (0, 0), tokens


def test_healthcheck_every_checker_checks_every_endpoint_in_the_lab():
    data = lab_json("healthcheck", "--endpoints", "12", "--delay-ms", "100", "--threads", "6")
    v = data["variants"]
    assert set(SCENARIOS["healthcheck"].variants) <= set(v)
    assert {"checker_sequential", "checker_threads_6", "checker_asyncio"} <= set(v)
    assert all(v[f"checker_{k}"]["ok"] == 12 for k in ("sequential", "threads_6", "asyncio"))
    assert v["checker_sequential"]["seconds"] >= 12 * 0.1  # one 100 ms call after another
    assert all(v[name]["checked"] == 12 for name in ("async_requests", "threads", "asyncio"))
    assert v["async_requests"]["ping_during_check_ms"] is not None


def test_healthcheck_calls_in_flight_and_the_blocked_loop():
    from unjam.lab.scenarios.healthcheck import check_asyncio, check_sequential, check_threads

    with counting_downstream(delay_ms=300) as downstream:
        urls = [f"{downstream}/health/{n}" for n in range(12)]
        in_flight(downstream)
        assert len(check_sequential(urls)) == 12
        assert in_flight(downstream) == {"max": 1, "calls": 12}
        assert len(check_threads(urls, 6)) == 12
        assert in_flight(downstream) == {"max": 6, "calls": 12}
        assert len(check_asyncio(urls)) == 12
        assert in_flight(downstream) == {"max": 12, "calls": 12}
        # the same checks inside the app: requests.get in async def stalls the loop
        blocking, gathering = (
            variant("healthcheck", "async_requests"),
            variant("healthcheck", "asyncio"),
        )
        env = {"LAB_HEALTH_URL": downstream, "LAB_HEALTH_COUNT": "12"}
        with probed(blocking.app, env) as (base, diag):
            send(base, blocking, 1)
            snap = snapshot_when(diag, lambda snap: stall_at(snap, blocking) is not None)
            assert in_flight(downstream) == {"max": 1, "calls": 12}
            send(base, gathering, 1)
            snap = snapshot_when(diag, lambda snap: served(snap, gathering.route, 1))
            assert in_flight(downstream) == {"max": 12, "calls": 12}
            assert not [s for s in snap["stalls"] if s["route"] == gathering.route]


def test_translate_every_variant_answers_in_the_lab():
    data = lab_json("translate", "--requests", "12", "--concurrency", "6", "--delay-ms", "100")
    v = data["variants"]
    assert set(v) == set(SCENARIOS["translate"].variants)
    assert all(row["success"] == 1.0 for row in v.values())
    assert v["async_blocking"]["seconds"] >= 12 * 0.1  # 12 × 100 ms, one at a time on the loop
    assert [name for name, row in v.items() if row["broken"]] == ["async_blocking"]


def test_translate_blocking_async_calls_the_api_one_at_a_time():
    with counting_downstream(delay_ms=300) as downstream:
        env = {"LAB_TRANSLATE_URL": downstream}
        for name in SCENARIOS["translate"].variants:
            v = variant("translate", name)
            with probed(v.app, env) as (base, diag):
                send(base, v, 6)
                snap = snapshot_when(diag, lambda snap, v=v: served(snap, v.route, 6))
                counted = in_flight(downstream)
                assert counted["calls"] == 6, (name, counted)
                if v.broken:  # the loop makes one call at a time, and the probe says where
                    assert counted["max"] == 1, (name, counted)
                    snapshot_when(diag, lambda snap, v=v: stall_at(snap, v) is not None)
                else:  # the pool makes them side by side, and the loop stays free
                    assert counted["max"] == 6, (name, counted)
                    assert snap["stalls"] == [], (name, snap["stalls"])


def test_webhook_every_variant_answers_and_the_pipeline_delivers_once():
    data = lab_json(
        "webhook",
        "--rate", "500",
        "--duration", "1",
        "--timeout", "2",
        "--sustain-rate", "50",
        "--sustain-duration", "2",
        "--sink-rate", "30",
    )  # fmt: skip
    v = data["variants"]
    assert set(v) == set(STORY) | set(APPENDIX)
    for name, row in v.items():
        # every attack ran and was counted; at the seeds' rate a broken variant may queue
        # past the client timeout, so only the fixed and do-nothing ones must answer all
        assert row["requests"] > 0 and sum(row["status_codes"].values()) == row["requests"]
        assert row["broken"] == (name in ("blocking_async", "run_in_threadpool",
                                          "threadpool_100", "per_request_client"))  # fmt: skip
    assert data["extra"]["ratios"]["best_vs_do_nothing_async"] is not None
    ledger = data["extra"]["sustained"]["delivery"]
    assert ledger["lost"] == 0 and ledger["duplicates"] == 0
    assert ledger["accepted"] > 0 and ledger["exactly_once"]


def test_webhook_broken_variants_are_broken_for_the_seeds_reasons():
    """blocking_async and per_request_client stall the loop at their blocking line (the send,
    the client built per request); run_in_threadpool and threadpool_100 build a client and
    call GetQueueUrl per request in the pool — a dependency that costs at least the queue's
    round trip (the latency proxy's 60 ms), which the fixed variants do not have. (The
    round trip is well above the 25 ms stall threshold: at 20 ms, a fast machine's send
    stalled the loop for less than the threshold, and no stall was recorded.)"""
    from unjam.lab.environments import create_queue

    with downstreams("webhook", latency_ms=60) as env:
        env = {**env, "LAB_QUEUE_NAME": "probed"}
        create_queue(env)
        for name in STORY:
            v = variant("webhook", name)
            with probed(v.app, env, threshold_ms=25) as (base, diag):
                send(base, v, 8)
                snap = snapshot_when(diag, lambda snap, v=v: served(snap, v.route, 8))
                phases = snap["routes"][v.route]["phases_ms"]
                if v.kind == "loop":
                    snapshot_when(diag, lambda snap, v=v: stall_at(snap, v) is not None)
                elif v.kind == "pool":
                    assert phases["dep:Producer"]["p50"] >= 60, (name, phases)
                else:
                    assert "dep:Producer" not in phases, (name, phases)
