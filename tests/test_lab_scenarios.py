"""Each `unjam lab` scenario, run through the CLI with tiny sizes: its `--json` parses, holds
every variant, and shows the seed's shape. Ratios are generous: the machine is shared.

Real servers throughout (uvicorn apps, moto, the latency proxy, the slow services), all on
127.0.0.1 free ports and stopped by pid by the lab itself.
"""

import json
import subprocess
import sys

import pytest

from unjam.lab.registry import APPENDIX, SCENARIOS, STORY

pytestmark = pytest.mark.slow


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


def test_sleep_async_stays_flat_while_sync_steps_at_the_pool():
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
    # margins of most of a sleep: a loaded machine may stall a process for a few 100 ms
    for n in ("4", "8", "12"):
        assert a[n]["seconds"] < 1.9 * sleep  # flat: one sleep, whatever N
        assert a[n]["success"] == 1.0 and s[n]["success"] == 1.0
    assert s["4"]["seconds"] < 1.9 * sleep  # N = pool: one round
    assert 1.6 * sleep < s["8"]["seconds"] < 3.4 * sleep  # two rounds
    assert 2.5 * sleep < s["12"]["seconds"]  # three rounds
    assert r["8"]["seconds"] < 1.9 * sleep  # pool raised to 8: the step moved


def test_healthcheck_asyncio_beats_sequential_and_blocking_app_is_deaf():
    data = lab_json("healthcheck", "--endpoints", "12", "--delay-ms", "100", "--threads", "6")
    v = data["variants"]
    assert set(SCENARIOS["healthcheck"].variants) <= set(v)
    assert {"checker_sequential", "checker_threads_6", "checker_asyncio"} <= set(v)
    assert v["checker_sequential"]["seconds"] > 1.0  # 12 × 100 ms, one after another
    assert v["checker_asyncio"]["seconds"] < v["checker_sequential"]["seconds"] / 3
    assert all(v[f"checker_{k}"]["ok"] == 12 for k in ("sequential", "threads_6", "asyncio"))
    # while requests.get runs inside async def, the server cannot answer a ping
    assert v["async_requests"]["ping_during_check_ms"] > 300
    assert v["asyncio"]["checked"] == 12


def test_translate_blocking_async_serializes_the_calls():
    data = lab_json("translate", "--requests", "12", "--concurrency", "6", "--delay-ms", "100")
    v = data["variants"]
    assert set(v) == set(SCENARIOS["translate"].variants)
    assert all(row["success"] == 1.0 for row in v.values())
    assert v["async_blocking"]["seconds"] > 1.0  # 12 × 100 ms on the loop
    for fixed in ("run_in_threadpool", "sync_def"):
        assert v[fixed]["seconds"] < v["async_blocking"]["seconds"] / 2.5


def test_webhook_every_broken_variant_is_well_below_the_fixed_one():
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
    best = v["best"]["throughput"]
    assert v["best"]["success"] > 0.95
    for broken in ("blocking_async", "run_in_threadpool", "threadpool_100", "per_request_client"):
        # At the seeds' rate the broken server cannot keep up, so requests queue: the median
        # waits far longer and fewer are served per second. Whether the queue also exceeds the
        # client timeout depends on the machine (threadpool_100 answered every request in time
        # on a fast CI box), so success is not asserted; the backlog and the cause are.
        row = v[broken]
        assert row["p50_ms"] > 10 * v["best"]["p50_ms"], (
            broken,
            row["p50_ms"],
            v["best"]["p50_ms"],
        )
        assert row["throughput"] < 0.8 * best, (broken, row["throughput"], best)
        # and why: a boto3 client built per request costs the server far more CPU
        cpu = row["server_cpu_ms_per_ok"]
        assert cpu > 3 * v["best"]["server_cpu_ms_per_ok"], (broken, cpu)
    assert all(v[name]["success"] > 0.95 for name in ("do_nothing_sync", "do_nothing_async"))
    assert data["extra"]["ratios"]["best_vs_do_nothing_async"] is not None
    ledger = data["extra"]["sustained"]["delivery"]
    assert ledger["lost"] == 0 and ledger["duplicates"] == 0
    assert ledger["accepted"] > 0 and ledger["exactly_once"]
