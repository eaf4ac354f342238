"""What `unjam load` does with its flags: check them, build the targets, run, print.

command.py declares the flags (typer); this module holds the logic behind them, so that
the declaration reads as the command's help and the logic as three plain paths: a sweep
over concurrency levels, a knee search over rates, or one run. Heavy modules are imported
inside the functions so that `unjam --help` stays fast.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

import typer

from unjam.errors import ExitCode, UserError
from unjam.options import duration_parser

FORMATS_HELP = "text | json | hist[0,10ms,100ms,1s]"


@dataclass
class LoadFlags:
    """`unjam load`'s flags as typer parsed them (names as in `command.load`)."""

    url: str | None
    rate: str | None
    concurrency: int | None
    duration: str | None
    requests: int | None
    targets_file: str | None
    openapi: str | None
    base_url: str | None
    method: str
    header: list[str]
    body: str | None
    connections: int | None
    max_connections: int | None
    timeout: str
    workers: int
    fmt: str
    output: str | None
    html: str | None
    sweep_levels: str | None
    find_knee: bool
    slo: str
    start_rate: float
    max_rate: float
    step_duration: str
    loop: str
    start_at: str | None


def _duration(text: str | None, flag: str) -> float | None:
    if text is None:
        return None
    from unjam.load.limits import MAX_DURATION_S
    from unjam.options import parse_seconds

    return parse_seconds(text, flag, maximum=MAX_DURATION_S)


def _rate(text: str | None, flag: str = "--rate") -> float | None:
    """`500`, `500/s`, `50/100ms`, `3000/1m` → requests per second (finite, within limits)."""
    if text is None:
        return None
    from unjam.load.limits import MAX_RATE
    from unjam.options import parse_rate

    return parse_rate(text, flag, MAX_RATE)


def _levels(text: str) -> list[int]:
    try:
        levels = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        levels = []
    if not levels or min(levels) <= 0:
        raise UserError(f"--sweep: {text!r} is not a list of concurrency levels (e.g. 20,40,80)")
    from unjam.load.limits import MAX_CONNECTIONS
    from unjam.options import check_number

    check_number(max(levels), "--sweep", maximum=MAX_CONNECTIONS, why="one connection each")
    return levels


def writable(path: str | None, flag: str) -> None:
    """Refuse an output file that cannot be written before the run, not after it."""
    if path is None:
        return
    import os
    from pathlib import Path

    from unjam.errors import BadInput

    folder = Path(path).parent
    if not folder.is_dir():
        raise BadInput(f"{flag}: folder {str(folder)!r} does not exist; create it first")
    if not os.access(folder, os.W_OK) or Path(path).is_dir():
        raise BadInput(f"{flag}: cannot write {path!r}; pick a writable file path")


def _build_targets(
    url: str | None,
    targets_file: str | None,
    openapi: str | None,
    method: str,
    headers: list[str],
    body_file: str | None,
    timeout: float,
) -> list:
    from unjam.load.targets import (
        Target,
        check_url,
        parse_header,
        read_body_file,
        read_targets_file,
    )

    extra = dict(parse_header(h) for h in headers)
    body = read_body_file(body_file, "--body") if body_file else b""
    if targets_file and (url or openapi):
        raise UserError("give one of URL, --targets FILE or --openapi, not several")
    if targets_file:
        return read_targets_file(targets_file, default_headers=extra, default_body=body)
    if openapi:
        from unjam.load.openapi import load_schema, targets_from_openapi

        schema = load_schema(openapi, timeout=min(timeout, 10.0))
        # the base URL: --base-url, else a positional URL, else the schema URL's origin
        base = url or (openapi.rsplit("/openapi", 1)[0] if openapi.startswith("http") else None)
        if not base:
            raise UserError("--openapi FILE needs --base-url http://host:port")
        check_url(base, "--base-url")
        built, skipped = targets_from_openapi(schema, base)
        for route, why in skipped:
            print(f"unjam: skipping {route}: {why}", file=sys.stderr)
        if not built:
            raise UserError(f"--openapi {openapi}: no operation could be turned into a request")
        return [Target(t.method, t.url, {**t.headers, **extra}, t.body) for _, t in built]
    if not url:
        raise UserError(
            "nothing to load: give a URL, --targets FILE (or - for stdin), or --openapi"
        )
    check_url(url)
    return [Target(method=method.upper(), url=url, headers=extra, body=body)]


def load_verb(flags: LoadFlags) -> None:
    """Check the flags, build the targets, then sweep, search for the knee, or run once."""
    _check_choices(flags)
    seconds = _duration(flags.duration, "--duration")
    timeout_s = _duration(flags.timeout, "--timeout") or 30.0  # its bounds: run_load
    per_second = _rate(flags.rate)
    url = flags.url
    if flags.base_url:
        if not flags.openapi:
            raise UserError("--base-url only goes with --openapi")
        url = flags.base_url
    if (
        flags.sweep_levels is None
        and not flags.find_knee
        and seconds is None
        and flags.requests is None
    ):
        raise UserError(
            "refusing to start an unbounded run: give --duration (e.g. 10s) or --requests N"
        )
    writable(flags.output, "--output")
    writable(flags.html, "--html")
    targets = _build_targets(
        url, flags.targets_file, flags.openapi, flags.method, flags.header, flags.body, timeout_s
    )
    if flags.start_at:
        from unjam.load.merge import parse_start_at, wait_until
        from unjam.load.runner import resolve

        at = parse_start_at(flags.start_at)
        resolve(targets[0].url, timeout_s)  # a wrong target is told now, not after the wait
        wait_until(at)
    common = dict(
        connections=flags.connections,
        max_connections=flags.max_connections,
        timeout=timeout_s,
        workers=flags.workers,
        loop=flags.loop,
        progress=True,
    )
    if flags.sweep_levels is not None:
        _sweep(flags, targets, seconds, common)
    elif flags.find_knee:
        _knee(flags, targets, per_second, common)
    else:
        _run_once(flags, targets, per_second, seconds, common)


def _check_choices(flags: LoadFlags) -> None:
    from unjam.load import report as reports

    if flags.loop not in ("auto", "uvloop", "asyncio"):
        raise UserError(f"--loop: {flags.loop!r} is not auto, uvloop or asyncio")
    fmt = flags.fmt
    if fmt not in ("text", "json") and not fmt.startswith("hist"):
        raise UserError(f"--format: {fmt!r} is not one of {FORMATS_HELP}")
    if fmt.startswith("hist"):
        try:
            reports.parse_hist_spec(fmt)
        except ValueError as err:
            raise UserError(f"--format: {err}") from None


def _sweep(flags: LoadFlags, targets: list, seconds: float | None, common: dict) -> None:
    from unjam.load.sweep import format_sweep, sweep

    levels = _levels(flags.sweep_levels or "")
    steps = sweep(targets, levels, duration=seconds, requests_per_level=flags.requests, **common)
    if flags.fmt == "json":
        import json

        print(json.dumps([{"level": lv, **r.to_json()} for lv, r in steps], indent=2))
    else:
        print(format_sweep(steps), end="")
    if any(r.interrupted for _, r in steps):
        raise typer.Exit(int(ExitCode.INTERRUPTED))


def _knee(flags: LoadFlags, targets: list, per_second: float | None, common: dict) -> None:
    from unjam.load.sweep import find_knee as knee_search
    from unjam.load.sweep import format_knee

    slo_ms = duration_parser("--slo", scale=1000.0, unit_required=True)(flags.slo)
    knee = knee_search(
        targets,
        slo_p99_ms=slo_ms,
        start_rate=per_second or _rate(str(flags.start_rate), "--start-rate"),
        step_duration=_duration(flags.step_duration, "--step-duration") or 3.0,
        max_rate=_rate(str(flags.max_rate), "--max-rate"),
        **common,
    )
    if flags.fmt == "json":
        import json

        print(json.dumps(knee.to_dict(), indent=2))
    else:
        print(format_knee(knee, slo_ms), end="")
    if knee.reason == "interrupted":
        raise typer.Exit(int(ExitCode.INTERRUPTED))


def _run_once(
    flags: LoadFlags, targets: list, per_second: float | None, seconds: float | None, common: dict
) -> None:
    from unjam.load import report as reports
    from unjam.load.runner import run_load
    from unjam.load.tally import PLOT_ROWS

    fmt = flags.fmt
    result = run_load(
        targets,
        rate=per_second,
        concurrency=flags.concurrency,
        duration=seconds,
        requests=flags.requests,
        output=flags.output,
        hist_bounds=reports.parse_hist_spec(fmt) if fmt.startswith("hist") else None,
        keep_rows=PLOT_ROWS,
        **common,
    )
    if flags.html:
        from pathlib import Path

        from unjam.load.html import render_html

        Path(flags.html).write_text(render_html(result), encoding="utf-8")
    print(reports.render(result, fmt), end="")
    if result.interrupted:
        raise typer.Exit(int(ExitCode.INTERRUPTED))
