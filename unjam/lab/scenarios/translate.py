"""Seed 003: a blocking translation client from `async def`, `run_in_threadpool` and `def`.

Like the seed's `ab -n 100 -c 50`: 100 POSTs at 50 concurrent against each variant, the
translation API being the lab's slow service (~180 ms a call, the seed's 18.2 s / 100).
Reports the total time and requests/s, as `ab` does.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass

from unjam.lab.processes import core_plan, pin_self, serve
from unjam.lab.registry import downstreams, scenario, variant
from unjam.lab.scenarios.base import (
    CpuMeter,
    Say,
    ScenarioResult,
    environment,
    fmt,
    fmt_pct,
    load,
    not_reproduced,
    seed_cell,
    why_caption,
)

SEED = {  # seed 003: (total seconds, requests/s) for 100 requests at 50 concurrent
    "async_blocking": (18.232, 5.48),
    "run_in_threadpool": (1.445, 69.21),
    "sync_def": (2.361, 42.36),
}


@dataclass
class Options:
    requests: int = 100
    concurrency: int = 50
    delay_ms: float = 180.0
    timeout_s: float = 120.0
    pin: bool = True


def run(options: Options, say: Say) -> ScenarioResult:
    from unjam.load import Target

    started = time.monotonic()
    server_core, load_core = core_plan() if options.pin else (None, None)
    result = ScenarioResult(
        "translate",
        "003",
        "blocking translate client: async def / run_in_threadpool / def",
        asdict(options),
    )
    result.environment = environment(options.pin)
    with downstreams("translate", delay_ms=options.delay_ms, core=load_core) as env:
        for name in scenario("translate").variants:
            v = variant("translate", name)
            method, path, headers, body = v.sample_request()
            with serve(v.app, env, core=server_core) as server, pin_self(load_core):
                target = Target(method=method, url=server.url + path, headers=headers, body=body)
                load([target], concurrency=2, requests=2, timeout=options.timeout_s)
                say(f"translate: {name}, {options.requests} requests at {options.concurrency}")
                with CpuMeter(server.pid) as cpu:
                    res = load(
                        [target],
                        concurrency=options.concurrency,
                        requests=options.requests,
                        timeout=options.timeout_s,
                    )
            seed_s, seed_rps = SEED[name]
            ok = round(res.success_ratio * res.requests)
            result.variants[name] = {
                "seconds": res.duration_s,
                "requests_per_s": ok / res.duration_s if res.duration_s else None,
                "success": res.success_ratio,
                "p50_ms": res.latency_ms(50),
                "max_ms": res.max_ms,
                "server_cpu_s": cpu.cpu_s,
                "seed_s": seed_s,
                "seed_rps": seed_rps,
                "broken": v.broken,
            }
    result.notes.append(
        f"translation API: {options.delay_ms:g} ms per call over a requests.Session; "
        "the pool is anyio's default 40 tokens"
    )
    result.elapsed_s = time.monotonic() - started
    return result


NOT_REPRODUCED = (
    "the seed's server and translation API ran on its author's machines; here the API answers "
    "in exactly the delay and the pool's 40 tokens alone set the pace, so compare ratios"
)


def tables(result: ScenarioResult):
    from rich.table import Table

    o = result.options
    table = Table(
        title=f"lab translate — seed 003 ({o['requests']} requests, {o['concurrency']} "
        f"concurrent, API {o['delay_ms']:g} ms)"
    )
    for col in ("Variant", "seed total", "total", "seed req/s", "req/s", "success", "server CPU"):
        table.add_column(col, justify="left" if col == "Variant" else "right")
    reasons = []
    for name, row in result.variants.items():
        if not_reproduced(row["seed_s"], row["seconds"]):
            reasons.append(NOT_REPRODUCED)
        table.add_row(
            f"[red]✗ {name}[/red]" if row["broken"] else f"  {name}",
            seed_cell(fmt(row["seed_s"], " s", 3), row["seed_s"], row["seconds"]),
            fmt(row["seconds"], " s", 3),
            seed_cell(fmt(row["seed_rps"], "", 2), row["seed_rps"], row["requests_per_s"]),
            fmt(row["requests_per_s"], "", 2),
            fmt_pct(row["success"]),
            fmt(row["server_cpu_s"], " s", 2),
        )
    table.caption = why_caption(reasons)
    return [table]
