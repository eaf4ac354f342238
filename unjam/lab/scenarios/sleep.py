"""Seed 004: `/async` (await asyncio.sleep) vs `/sync` (time.sleep) at N concurrent requests.

For each N, N requests are sent at once (a closed-model run of exactly N requests at
concurrency N, like the seed's `asyncio.gather` of N aiohttp calls) and the wall time until
the last answer is recorded. `/async` stays ≈ one sleep; `/sync` takes ⌈N / pool⌉ sleeps.
Then the server is restarted with the pool raised, and `/sync` is measured again: the step
moves to the new pool size.
"""

from __future__ import annotations

import math
import time
from dataclasses import asdict, dataclass, field

from unjam.lab.processes import core_plan, pin_self, serve
from unjam.lab.registry import downstreams, variant
from unjam.lab.scenarios.base import (
    Say,
    ScenarioResult,
    environment,
    fmt,
    load,
    not_reproduced,
    seed_cell,
    why_caption,
)

SEED = {  # seed 004's table: concurrent requests → seconds
    "async": {20: 2.063, 40: 2.086, 80: 2.134, 120: 2.173},
    "sync": {20: 2.083, 40: 2.091, 80: 4.132, 120: 6.136},
}
NOT_REPRODUCED = (
    "the seed's figures are for a 2 s sleep and a 40-thread pool on its author's machine; "
    "other options, or a loaded machine here, move them"
)


@dataclass
class Options:
    concurrency: list[int] = field(default_factory=lambda: [20, 40, 80, 120])
    sleep_s: float = 2.0
    pool: int = 40
    raised_pool: int = 100
    timeout_s: float = 120.0
    pin: bool = True


def burst(url: str, n: int, timeout: float):
    from unjam.load import Target

    return load([Target(url=url)], concurrency=n, requests=n, timeout=timeout)


def run(options: Options, say: Say) -> ScenarioResult:
    started = time.monotonic()
    server_core, load_core = core_plan() if options.pin else (None, None)
    result = ScenarioResult(
        "sleep", "004", "async def + asyncio.sleep vs def + time.sleep", asdict(options)
    )
    result.environment = environment(options.pin)
    rows: dict[str, dict] = {"async": {}, "sync": {}}
    raised: dict[int, dict] = {}
    # filled as it goes: a Ctrl-C shows the cells measured so far
    result.variants = {
        "async": {"pool": options.pool, "by_concurrency": rows["async"]},
        "sync": {
            "pool": options.pool,
            "by_concurrency": rows["sync"],
            "raised_pool": options.raised_pool,
            "by_concurrency_raised_pool": raised,
        },
    }
    app = variant("sleep", "async").app
    for pool in (options.pool, options.raised_pool):
        with (
            downstreams("sleep", sleep_s=options.sleep_s, pool=pool) as env,
            serve(app, env, core=server_core) as server,
            pin_self(load_core),
        ):
            names = ("async", "sync") if pool == options.pool else ("sync",)
            for name in names:
                url = server.url + variant("sleep", name).url_path
                burst(url, 1, options.timeout_s)  # warm-up: imports, first thread
                for n in options.concurrency:
                    say(f"sleep: /{name} pool {pool}, {n} concurrent")
                    res = burst(url, n, options.timeout_s)
                    cell = {
                        "seconds": res.duration_s,
                        "success": res.success_ratio,
                        "expected_s": options.sleep_s
                        * (1 if name == "async" else math.ceil(n / pool)),
                        "seed_s": SEED[name].get(n),
                    }
                    (rows[name] if pool == options.pool else raised)[n] = cell
    result.notes.append(
        f"sync steps at multiples of the pool: ⌈N/{options.pool}⌉ × {options.sleep_s:g} s; "
        f"with the pool at {options.raised_pool} the first step moves to "
        f"N > {options.raised_pool}"
    )
    result.elapsed_s = time.monotonic() - started
    return result


def tables(result: ScenarioResult):
    from rich.table import Table

    o = result.options
    table = Table(
        title=f"lab sleep — seed 004 (sleep {o['sleep_s']:g} s; seconds until the last answer)"
    )
    table.add_column("Concurrent", justify="right")
    table.add_column("seed async", justify="right", style="dim")
    table.add_column("async", justify="right")
    table.add_column("seed sync", justify="right", style="dim")
    table.add_column(f"sync (pool {o['pool']})", justify="right")
    table.add_column(f"expected ⌈N/{o['pool']}⌉×sleep", justify="right", style="dim")
    table.add_column(f"sync (pool {o['raised_pool']})", justify="right")
    a = result.variants["async"]["by_concurrency"]
    s = result.variants["sync"]["by_concurrency"]
    r = result.variants["sync"]["by_concurrency_raised_pool"]
    marked = False
    for n in o["concurrency"]:  # .get: an interrupted run has only some of the cells
        async_s, sync_s = a.get(n, {}).get("seconds"), s.get(n, {}).get("seconds")
        seed_async, seed_sync = SEED["async"].get(n), SEED["sync"].get(n)
        marked |= not_reproduced(seed_async, async_s) or not_reproduced(seed_sync, sync_s)
        table.add_row(
            str(n),
            seed_cell(fmt(seed_async, "", 3), seed_async, async_s),
            fmt(async_s, "", 3),
            seed_cell(fmt(seed_sync, "", 3), seed_sync, sync_s),
            fmt(sync_s, "", 3),
            fmt(o["sleep_s"] * math.ceil(n / o["pool"]), "", 1),
            fmt(r.get(n, {}).get("seconds"), "", 3),
        )
    table.caption = why_caption([NOT_REPRODUCED] if marked else [])
    return [table]
