"""`unjam load` and `unjam report` — owned by the load package.

Thin typer commands: parse flags into targets and a run request, call `unjam.load`, print.
Heavy modules are imported inside the bodies so `unjam --help` stays fast.
"""

from __future__ import annotations

import sys

import typer

from unjam.errors import ExitCode, UserError
from unjam.options import duration_parser

FORMATS_HELP = "text | json | hist[0,10ms,100ms,1s]"


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


def _writable(path: str | None, flag: str) -> None:
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


def load(
    url: str = typer.Argument(None, help="The URL to load (http://host:port/path)."),
    rate: str = typer.Option(
        None, "--rate", "-r", help="Open model: requests per second (e.g. 500, 50/100ms)."
    ),
    concurrency: int = typer.Option(
        None, "--concurrency", "-c", help="Closed model: requests in flight (default 10)."
    ),
    duration: str = typer.Option(None, "--duration", "-d", help="Run time, e.g. 10s, 1m."),
    requests: int = typer.Option(None, "--requests", "-n", help="Number of requests to send."),
    targets_file: str = typer.Option(
        None, "--targets", "-t", help="vegeta http-format targets file, or - for stdin."
    ),
    openapi: str = typer.Option(
        None, "--openapi", help="Build one target per operation from an OpenAPI URL or file."
    ),
    base_url: str = typer.Option(None, "--base-url", help="Base URL for --openapi FILE."),
    method: str = typer.Option("GET", "--method", "-m", help="HTTP method for URL."),
    header: list[str] = typer.Option(
        [], "--header", "-H", help="'Key: Value' header (repeatable)."
    ),
    body: str = typer.Option(None, "--body", help="File whose bytes are the request body."),
    connections: int = typer.Option(
        None, "--connections", help="Connections opened up front (closed model: = concurrency)."
    ),
    max_connections: int = typer.Option(
        None, "--max-connections", help="Open model: cap on connections (default 1000)."
    ),
    timeout: str = typer.Option("30s", "--timeout", help="Per-request timeout."),
    workers: int = typer.Option(1, "--workers", "-w", help="Generator processes."),
    fmt: str = typer.Option("text", "--format", "-f", help=FORMATS_HELP),
    output: str = typer.Option(
        None, "--output", "-o", help="Write every request to this results file (gzip JSONL)."
    ),
    html: str = typer.Option(None, "--html", help="Write a self-contained HTML latency plot."),
    sweep_levels: str = typer.Option(
        None, "--sweep", help="Closed-model concurrency sweep, e.g. 20,40,80,120."
    ),
    find_knee: bool = typer.Option(
        False, "--find-knee", help="Raise the rate until p99 breaches --slo."
    ),
    slo: str = typer.Option("100ms", "--slo", help="p99 objective for --find-knee."),
    start_rate: float = typer.Option(10, "--start-rate", help="First rate for --find-knee."),
    max_rate: float = typer.Option(100_000, "--max-rate", help="Last rate for --find-knee."),
    step_duration: str = typer.Option("3s", "--step-duration", help="Time per knee step."),
    loop: str = typer.Option("auto", "--loop", help="auto | uvloop | asyncio."),
    start_at: str = typer.Option(
        None,
        "--start-at",
        help="Start at this wall-clock time (RFC 3339, or +10s): several generators together.",
    ),
) -> None:
    """Send HTTP load (open model with --rate, closed with --concurrency); vegeta-style report."""
    from unjam.load import report as reports
    from unjam.load.runner import run_load
    from unjam.load.tally import PLOT_ROWS

    if loop not in ("auto", "uvloop", "asyncio"):
        raise UserError(f"--loop: {loop!r} is not auto, uvloop or asyncio")
    if fmt not in ("text", "json") and not fmt.startswith("hist"):
        raise UserError(f"--format: {fmt!r} is not one of {FORMATS_HELP}")
    if fmt.startswith("hist"):
        try:
            reports.parse_hist_spec(fmt)
        except ValueError as err:
            raise UserError(f"--format: {err}") from None
    seconds = _duration(duration, "--duration")
    timeout_s = _duration(timeout, "--timeout") or 30.0  # its bounds: run_load
    per_second = _rate(rate)
    if base_url:
        if not openapi:
            raise UserError("--base-url only goes with --openapi")
        url = base_url
    if sweep_levels is None and not find_knee and seconds is None and requests is None:
        raise UserError(
            "refusing to start an unbounded run: give --duration (e.g. 10s) or --requests N"
        )
    _writable(output, "--output")
    _writable(html, "--html")
    targets = _build_targets(url, targets_file, openapi, method, header, body, timeout_s)
    if start_at:
        from unjam.load.merge import parse_start_at, wait_until
        from unjam.load.runner import resolve

        at = parse_start_at(start_at)
        resolve(targets[0].url, timeout_s)  # a wrong target is told now, not after the wait
        wait_until(at)
    common = dict(
        connections=connections,
        max_connections=max_connections,
        timeout=timeout_s,
        workers=workers,
        loop=loop,
        progress=True,
    )
    if sweep_levels is not None:
        from unjam.load.sweep import format_sweep, sweep

        steps = sweep(
            targets, _levels(sweep_levels), duration=seconds, requests_per_level=requests, **common
        )
        if fmt == "json":
            import json

            print(json.dumps([{"level": lv, **r.to_json()} for lv, r in steps], indent=2))
        else:
            print(format_sweep(steps), end="")
        if any(r.interrupted for _, r in steps):
            raise typer.Exit(int(ExitCode.INTERRUPTED))
        return
    if find_knee:
        from unjam.load.sweep import find_knee as knee_search
        from unjam.load.sweep import format_knee

        slo_ms = duration_parser("--slo", scale=1000.0, unit_required=True)(slo)
        knee = knee_search(
            targets,
            slo_p99_ms=slo_ms,
            start_rate=per_second or _rate(str(start_rate), "--start-rate"),
            step_duration=_duration(step_duration, "--step-duration") or 3.0,
            max_rate=_rate(str(max_rate), "--max-rate"),
            **common,
        )
        if fmt == "json":
            import json

            print(json.dumps(knee.to_dict(), indent=2))
        else:
            print(format_knee(knee, slo_ms), end="")
        if knee.reason == "interrupted":
            raise typer.Exit(int(ExitCode.INTERRUPTED))
        return
    result = run_load(
        targets,
        rate=per_second,
        concurrency=concurrency,
        duration=seconds,
        requests=requests,
        output=output,
        hist_bounds=reports.parse_hist_spec(fmt) if fmt.startswith("hist") else None,
        keep_rows=PLOT_ROWS,
        **common,
    )
    if html:
        from pathlib import Path

        from unjam.load.html import render_html

        Path(html).write_text(render_html(result), encoding="utf-8")
    print(reports.render(result, fmt), end="")
    if result.interrupted:
        raise typer.Exit(int(ExitCode.INTERRUPTED))


def report(
    paths: list[str] = typer.Argument(
        ..., help="Results files written by unjam load --output (several: merged exactly)."
    ),
    fmt: str = typer.Option("text", "--format", "-f", help="text | json | html | hist[...]"),
    output: str = typer.Option(None, "--output", "-o", help="Write here instead of stdout."),
) -> None:
    """Re-render results files written by `unjam load --output`; several are merged."""
    from unjam.load.report import parse_hist_spec, render

    if fmt not in ("text", "json", "html") and not fmt.startswith("hist"):
        raise UserError(f"--format: {fmt!r} is not text, json, html or hist[...]")
    if fmt.startswith("hist"):
        try:
            parse_hist_spec(fmt)
        except ValueError as err:
            raise UserError(f"--format: {err}") from None
    _writable(output, "--output")
    from unjam.load.merge import merge_files

    bounds = parse_hist_spec(fmt) if fmt.startswith("hist") else None
    result = merge_files(paths, bounds)
    if fmt == "html":
        from unjam.load.html import render_html

        text = render_html(result, title=f"unjam load — {', '.join(paths)}")
    else:
        text = render(result, fmt)
    if output:
        from pathlib import Path

        Path(output).write_text(text, encoding="utf-8")
    else:
        print(text, end="")
