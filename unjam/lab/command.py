"""`unjam lab` — the seeds' experiments, broken and fixed, as one command each.

`unjam lab` lists the scenarios; `unjam lab NAME [options]` runs one and prints its table
(the seed's numbers beside the measured ones), or the same data as JSON with `--json`.
Options belong to scenarios; giving one to a scenario that has no use for it is an error.
Heavy imports (FastAPI, boto3, the load generator) happen inside the command body.
"""

from __future__ import annotations

import math
from typing import Any

import typer

from unjam.errors import UserError
from unjam.load.limits import MAX_RATE
from unjam.options import duration_parser, rate_parser

# option name → scenarios it applies to
APPLIES = {
    "concurrency": {"sleep", "translate"},
    "sleep": {"sleep"},
    "pool": {"sleep"},
    "raised_pool": {"sleep"},
    "endpoints": {"healthcheck"},
    "threads": {"healthcheck"},
    "delay_ms": {"healthcheck", "translate"},
    "requests": {"translate"},
    "rate": {"webhook"},
    "duration": {"webhook"},
    "timeout": {"webhook", "sleep"},
    "latency_ms": {"webhook"},
    "internal_ms": {"webhook"},
    "sustain_rate": {"webhook"},
    "sustain_duration": {"webhook"},
    "sink_rate": {"webhook"},
    "variants": {"webhook"},
}


def _duration_option(flag: str, text: str) -> Any:
    """An option taking a duration (`10s`, `500ms`, a bare number of seconds); None if not given."""
    return typer.Option(None, parser=duration_parser(flag), metavar="DURATION", help=text)


def _rate_option(flag: str, text: str) -> Any:
    """An option taking a rate (`500`, `500/s`, `50/100ms`); None if not given."""
    return typer.Option(None, parser=rate_parser(flag, MAX_RATE), metavar="RATE", help=text)


def _positive(name: str, value: float | None) -> None:
    if value is not None and not (math.isfinite(value) and value > 0):
        raise UserError(f"--{name.replace('_', '-')} must be positive (got {value:g})")


def lab(
    ctx: typer.Context,
    name: str = typer.Argument(None, help="A scenario; omit to list them."),
    as_json: bool = typer.Option(False, "--json", help="Print the results as JSON."),
    no_pin: bool = typer.Option(False, "--no-pin", help="Do not pin server and load to cores."),
    concurrency: str = typer.Option(
        None, help="sleep: concurrent requests, comma-separated [20,40,80,120]; translate: [50]."
    ),
    sleep: float = _duration_option("--sleep", "sleep: how long each request sleeps [2s]."),
    pool: int = typer.Option(None, help="sleep: thread-pool size of the first run [40]."),
    raised_pool: int = typer.Option(None, help="sleep: thread-pool size of the second run [100]."),
    endpoints: int = typer.Option(None, help="healthcheck: number of health endpoints [100]."),
    threads: str = typer.Option(None, help="healthcheck: thread-pool sizes to try [30,100]."),
    delay_ms: float = typer.Option(
        None, help="healthcheck: endpoint delay [200]; translate: translation API delay [180]."
    ),
    requests: int = typer.Option(None, help="translate: total requests [100]."),
    rate: float = _rate_option("--rate", "webhook: attack rate, e.g. 500 or 500/s [500/s]."),
    duration: float = _duration_option("--duration", "webhook: attack duration [2s]."),
    timeout: float = _duration_option(
        "--timeout", "webhook: client timeout per request [5s]; sleep: [120s]."
    ),
    latency_ms: float = typer.Option(
        None, help="webhook: round trip added between the app and the queue, ms [20]."
    ),
    internal_ms: float = typer.Option(
        None, help="webhook: delay of the appendix's internal URL, ms [5]."
    ),
    sustain_rate: float = _rate_option("--sustain-rate", "webhook: sustained rate [200/s]."),
    sustain_duration: float = _duration_option(
        "--sustain-duration", "webhook: sustained run duration [5s]."
    ),
    sink_rate: float = _rate_option(
        "--sink-rate", "webhook: the consumer's downstream limit before it answers 429 [150/s]."
    ),
    variants: str = typer.Option(
        None,
        help="webhook: comma-separated variants to run, or the groups story and appendix (all).",
    ),
) -> None:
    """Run one of the seeds' experiments, broken and fixed, and print its table.

    Scenarios: sleep (seed 004), healthcheck (seed 002), translate (seed 003),
    webhook (seeds 000/001). `unjam lab` lists them with their variants.
    """
    from unjam.lab.registry import SCENARIOS, scenario

    if ctx.args:
        raise UserError(f"unknown argument(s) for unjam lab: {' '.join(ctx.args)}")
    if name is None:
        _list_scenarios(SCENARIOS, as_json)
        return
    scenario(name)  # validates the name
    given = {
        key: value for key, value in ctx.params.items() if key in APPLIES and value is not None
    }
    for key in given:
        if name not in APPLIES[key]:
            flag = "--" + key.replace("_", "-")
            where = ", ".join(sorted(APPLIES[key]))
            raise UserError(f"{flag} does not apply to `unjam lab {name}` (it applies to: {where})")
    for key in (
        "sleep",
        "delay_ms",
        "rate",
        "duration",
        "timeout",
        "sustain_rate",
        "sustain_duration",
        "sink_rate",
    ):
        _positive(key, given.get(key))
    if any(not 0 <= given.get(k, 0) < math.inf for k in ("latency_ms", "internal_ms")):
        raise UserError("--latency-ms and --internal-ms must be zero or positive")
    for key in ("pool", "raised_pool", "endpoints", "requests"):
        if key in given and given[key] < 1:
            raise UserError(f"--{key.replace('_', '-')} must be at least 1")

    from unjam.lab.runner import run_scenario

    run_scenario(name, given, pin=not no_pin, as_json=as_json)


def _list_scenarios(scenarios, as_json: bool) -> None:
    if as_json:
        import json

        data = {
            s.name: {
                "seeds": s.seeds,
                "title": s.title,
                "variants": {
                    v.name: {"app": v.app, "route": v.route, "broken": v.broken}
                    for v in s.variants.values()
                },
            }
            for s in scenarios.values()
        }
        typer.echo(json.dumps(data, indent=2))
        return
    from rich.table import Table

    from unjam.lab.runner import console as make_console

    table = Table(title="unjam lab — the seeds' services, broken and fixed")
    table.add_column("Scenario", style="bold")
    table.add_column("Seed")
    table.add_column("What it runs")
    table.add_column("Variants (broken in red)")
    for s in scenarios.values():
        names = " ".join(
            f"[red]{v.name}[/red]" if v.broken else v.name for v in s.variants.values()
        )
        table.add_row(s.name, s.seeds, s.title, names)
    console = make_console()
    console.print(table)
    console.print("Run one: unjam lab NAME [--json]   Options: unjam lab --help")
