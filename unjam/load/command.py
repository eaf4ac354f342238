"""`unjam load` and `unjam report` — owned by the load package.

Thin typer commands: each flag declared once below as an `Annotated` type, the command a
list of them; what `unjam load` does with them is `verb.py`. Heavy modules are imported
inside the bodies so `unjam --help` stays fast.
"""

from __future__ import annotations

from typing import Annotated

import typer

from unjam.errors import UserError
from unjam.load.verb import FORMATS_HELP, LoadFlags, load_verb, writable

Url = Annotated[str, typer.Argument(help="The URL to load (http://host:port/path).")]
Rate = Annotated[
    str,
    typer.Option("--rate", "-r", help="Open model: requests per second (e.g. 500, 50/100ms)."),
]
Concurrency = Annotated[
    int, typer.Option("--concurrency", "-c", help="Closed model: requests in flight (default 10).")
]
Duration = Annotated[str, typer.Option("--duration", "-d", help="Run time, e.g. 10s, 1m.")]
Requests = Annotated[int, typer.Option("--requests", "-n", help="Number of requests to send.")]
TargetsFile = Annotated[
    str, typer.Option("--targets", "-t", help="vegeta http-format targets file, or - for stdin.")
]
OpenApi = Annotated[
    str,
    typer.Option("--openapi", help="Build one target per operation from an OpenAPI URL or file."),
]
BaseUrl = Annotated[str, typer.Option("--base-url", help="Base URL for --openapi FILE.")]
Method = Annotated[str, typer.Option("--method", "-m", help="HTTP method for URL.")]
Header = Annotated[
    list[str], typer.Option("--header", "-H", help="'Key: Value' header (repeatable).")
]
Body = Annotated[str, typer.Option("--body", help="File whose bytes are the request body.")]
Connections = Annotated[
    int,
    typer.Option(
        "--connections", help="Connections opened up front (closed model: = concurrency)."
    ),
]
MaxConnections = Annotated[
    int,
    typer.Option("--max-connections", help="Open model: cap on connections (default 1000)."),
]
Timeout = Annotated[str, typer.Option("--timeout", help="Per-request timeout.")]
Workers = Annotated[int, typer.Option("--workers", "-w", help="Generator processes.")]
Format = Annotated[str, typer.Option("--format", "-f", help=FORMATS_HELP)]
Output = Annotated[
    str,
    typer.Option("--output", "-o", help="Write every request to this results file (gzip JSONL)."),
]
Html = Annotated[str, typer.Option("--html", help="Write a self-contained HTML latency plot.")]
Sweep = Annotated[
    str, typer.Option("--sweep", help="Closed-model concurrency sweep, e.g. 20,40,80,120.")
]
FindKnee = Annotated[
    bool, typer.Option("--find-knee", help="Raise the rate until p99 breaches --slo.")
]
Slo = Annotated[str, typer.Option("--slo", help="p99 objective for --find-knee.")]
StartRate = Annotated[float, typer.Option("--start-rate", help="First rate for --find-knee.")]
MaxRate = Annotated[float, typer.Option("--max-rate", help="Last rate for --find-knee.")]
StepDuration = Annotated[str, typer.Option("--step-duration", help="Time per knee step.")]
Loop = Annotated[str, typer.Option("--loop", help="auto | uvloop | asyncio.")]
StartAt = Annotated[
    str,
    typer.Option(
        "--start-at",
        help="Start at this wall-clock time (RFC 3339, or +10s): several generators together.",
    ),
]


def load(
    url: Url = None,
    rate: Rate = None,
    concurrency: Concurrency = None,
    duration: Duration = None,
    requests: Requests = None,
    targets_file: TargetsFile = None,
    openapi: OpenApi = None,
    base_url: BaseUrl = None,
    method: Method = "GET",
    header: Header = [],  # noqa: B006 (typer's default for a repeatable option; never mutated)
    body: Body = None,
    connections: Connections = None,
    max_connections: MaxConnections = None,
    timeout: Timeout = "30s",
    workers: Workers = 1,
    fmt: Format = "text",
    output: Output = None,
    html: Html = None,
    sweep_levels: Sweep = None,
    find_knee: FindKnee = False,
    slo: Slo = "100ms",
    start_rate: StartRate = 10,
    max_rate: MaxRate = 100_000,
    step_duration: StepDuration = "3s",
    loop: Loop = "auto",
    start_at: StartAt = None,
) -> None:
    """Send HTTP load (open model with --rate, closed with --concurrency); vegeta-style report."""
    load_verb(LoadFlags(**locals()))


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
    writable(output, "--output")
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
