"""Turn `unjam lab NAME` options into a scenario run, then print its table or JSON.

Progress goes to stderr, so `--json` output on stdout stays one parseable document.
"""

from __future__ import annotations

import importlib
import json
import signal
import sys
import time
from typing import Any

# CLI option → field of each scenario's Options
FIELDS = {
    "sleep": {
        "concurrency": "concurrency",
        "sleep": "sleep_s",
        "pool": "pool",
        "raised_pool": "raised_pool",
        "timeout": "timeout_s",
    },
    "healthcheck": {"endpoints": "endpoints", "threads": "threads", "delay_ms": "delay_ms"},
    "translate": {"requests": "requests", "concurrency": "concurrency", "delay_ms": "delay_ms"},
    "webhook": {
        "rate": "rate",
        "duration": "duration_s",
        "timeout": "timeout_s",
        "latency_ms": "latency_ms",
        "internal_ms": "internal_ms",
        "sustain_rate": "sustain_rate",
        "sustain_duration": "sustain_s",
        "sink_rate": "sink_rate",
        "variants": "variants",
    },
}


def int_list(text: str, flag: str) -> list[int]:
    """`--concurrency 20,40,80` as numbers (the option stays text: one name, two scenarios)."""
    from unjam.errors import UserError

    try:
        values = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise UserError(f"{flag} {text!r}: give whole numbers separated by commas") from None
    if not values or min(values) < 1:
        raise UserError(f"{flag} {text!r}: give positive whole numbers, e.g. 20,40,80")
    return values


def build_options(name: str, given: dict[str, Any], pin: bool):
    from unjam.errors import UserError

    module = importlib.import_module(f"unjam.lab.scenarios.{name}")
    values: dict[str, Any] = {"pin": pin}
    for key, value in given.items():
        if key in ("concurrency", "threads"):
            value = int_list(value, f"--{key}")
            if name == "translate":
                if len(value) != 1:
                    raise UserError("--concurrency for translate is one number, e.g. 50")
                value = value[0]
        if key == "variants":
            value = module.parse_variants(value)
        values[FIELDS[name][key]] = value
    return module, module.Options(**values)


def console():
    """stdout console; when piped, wide enough that the tables are not squeezed."""
    from rich.console import Console

    probe = Console()
    return probe if probe.is_terminal else Console(width=150)


LAB_MODULES = ("fastapi", "requests", "aiohttp", "boto3", "aiobotocore", "moto")


def check_lab_installed() -> None:
    """The apps and downstreams need the `lab` extra; say so instead of a traceback."""
    import importlib.util

    from unjam.errors import UserError

    missing = [m for m in LAB_MODULES if importlib.util.find_spec(m) is None]
    if missing:
        raise UserError(
            f"unjam lab needs {', '.join(missing)}; install the lab extra: pip install 'unjam[lab]'"
        )


def run_scenario(name: str, given: dict[str, Any], *, pin: bool, as_json: bool) -> None:
    from rich.console import Console

    check_lab_installed()
    module, options = build_options(name, given, pin)
    # SIGTERM unwinds like Ctrl-C, so every server the scenario started is stopped by pid.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    err = Console(stderr=True)
    started = time.monotonic()

    def say(message: str) -> None:
        err.print(f"[dim]{time.monotonic() - started:6.1f}s[/dim] {message}", highlight=False)

    from unjam.lab.processes import interrupt
    from unjam.lab.scenarios.base import current_result, forget_result

    forget_result()
    previous = signal.signal(signal.SIGINT, interrupt)
    try:
        result = module.run(options, say)
    except KeyboardInterrupt:
        result = current_result()
        if result is None:  # interrupted before anything was measured
            raise
        result.partial = True
        result.elapsed_s = time.monotonic() - started
        err.print(
            f"interrupted after {result.elapsed_s:.1f} s; every server the lab started is stopped"
        )
        show(module, result, as_json)
        raise
    finally:
        signal.signal(signal.SIGINT, previous if previous is not None else signal.SIG_DFL)
    show(module, result, as_json)


def show(module: Any, result: Any, as_json: bool) -> None:
    """The scenario's tables (or JSON); a partial result is marked so, and shown as far as
    its tables can be drawn from what was measured."""
    if as_json:
        json.dump(result.to_json(), sys.stdout, indent=2, default=str)
        sys.stdout.write("\n")
        sys.stdout.flush()
        return
    out = console()
    if result.partial:
        out.print(
            "[bold]PARTIAL RESULTS[/bold] — interrupted by Ctrl-C; only what was measured so far"
        )
    try:
        tables = list(module.tables(result))
    except (KeyError, IndexError, TypeError, ValueError):  # a table needs what was not measured
        tables = [measured_rows(result)]
    for table in tables:
        if not result.partial or getattr(table, "row_count", 1):
            out.print(table)
    for note in result.notes:
        out.print(f"• {note}", highlight=False)
    env = result.environment
    pinned = (
        f"server on core {env['server_core']}, load and downstreams on core {env['load_core']}"
        if env.get("pinned")
        else "not pinned"
    )
    took = "interrupted after" if result.partial else "took"
    out.print(
        f"[dim]{env.get('cores')} cores, {pinned}; {took} {result.elapsed_s:.0f} s[/dim]",
        highlight=False,
    )


def measured_rows(result: Any):
    """A plain table of every variant measured so far (when the scenario's own cannot be drawn)."""
    from rich.table import Table

    table = Table(title=f"lab {result.scenario} — partial: variants measured before Ctrl-C")
    table.add_column("Variant")
    table.add_column("measured")
    for name, row in result.variants.items():
        cells = row.items() if isinstance(row, dict) else [("value", row)]
        shown = ", ".join(f"{k} {v:.3g}" if isinstance(v, float) else f"{k} {v}" for k, v in cells)
        table.add_row(name, shown)
    return table
