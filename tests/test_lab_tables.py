"""The lab's tables say, where the reader sees the numbers, which seed figures this run did
not reproduce and why (item 8 of issue 16). Built from recorded results: no servers."""

from __future__ import annotations

import io

from rich.console import Console

from unjam.lab.scenarios import healthcheck, sleep, translate, webhook
from unjam.lab.scenarios.base import ScenarioResult


def render(tables) -> str:
    console = Console(width=250, record=True, file=io.StringIO())
    for table in tables:
        console.print(table)
    return console.export_text()


def test_healthcheck_marks_the_seed_figures_it_did_not_reproduce_and_says_why():
    result = ScenarioResult("healthcheck", "002", "t", {"endpoints": 100, "delay_ms": 200.0})
    rows = {"sequential": 20.5, "threads_30": 2.0, "threads_100": 0.36, "asyncio": 0.25}
    for name, seconds in rows.items():
        result.variants[f"checker_{name}"] = {
            "seconds": seconds,
            "cpu_s": 0.1,
            "cpu_percent": 5.0,
            "ok": 100,
            "seed_s": healthcheck.SEED[name],
            "seed_note": None,
        }
    result.extra = {"checkers": list(rows), "apps": []}
    text = render(healthcheck.tables(result))
    assert "8.50 s †" in text  # 100 threads: 8.5 s in the seed, 0.36 s here
    assert "0.60 s †" in text
    assert "20.30 s †" not in text and "2.10 s †" not in text  # reproduced within 25%
    assert "CPU contention" in text  # the reason, in the table's caption


def test_sleep_marks_nothing_when_the_seed_is_reproduced():
    options = {"sleep_s": 2.0, "pool": 40, "raised_pool": 100, "concurrency": [20, 80]}
    result = ScenarioResult("sleep", "004", "t", options)
    cells = {n: {"seconds": sleep.SEED["sync"][n]} for n in (20, 80)}
    result.variants = {
        "async": {"by_concurrency": {n: {"seconds": 2.0} for n in (20, 80)}},
        "sync": {"by_concurrency": cells, "by_concurrency_raised_pool": {}},
    }
    text = render(sleep.tables(result))
    assert "†" not in text


def test_translate_and_webhook_tables_carry_the_reason():
    result = ScenarioResult(
        "translate", "003", "t", {"requests": 100, "concurrency": 50, "delay_ms": 180.0}
    )
    result.variants["sync_def"] = {
        "seconds": 0.6,
        "requests_per_s": 160.0,
        "success": 1.0,
        "server_cpu_s": 0.1,
        "seed_s": translate.SEED["sync_def"][0],
        "seed_rps": translate.SEED["sync_def"][1],
        "broken": False,
    }
    text = render(translate.tables(result))
    assert "†" in text and "40 tokens" in text
    table = webhook._load_table("t", {}, [], queued=False)
    assert "30 s timeout" in table.caption and "185 ms" in table.caption
