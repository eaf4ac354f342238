"""`unjam run` and `unjam diff` — owned by the doctor package.

Each of run's flags is declared once below as an `Annotated` type (`--stall-threshold-ms`
is the probe's declaration, with run's own default); what run does with them is `verb.py`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from unjam.options import duration_parser
from unjam.probe.command import stall_threshold_option

App = Annotated[str, typer.Argument(help="The ASGI app, as module:attribute (like uvicorn).")]
UvicornArgs = Annotated[
    list[str],
    typer.Argument(
        help="Options passed to uvicorn as they are, after `--` (e.g. -- --loop asyncio)."
    ),
]
Out = Annotated[
    Path, typer.Option("--out", "-o", help="Directory for report.json and report.html.")
]
Duration = Annotated[
    float,
    typer.Option(
        "--duration",
        "-d",
        parser=duration_parser("--duration"),
        metavar="DURATION",
        help="Load per route (sweep + knee search), e.g. 4s, 500ms.",
    ),
]
Targets = Annotated[
    Path,
    typer.Option("--targets", "-t", help="Vegeta targets file; overrides the routes it covers."),
]
Slo = Annotated[
    float,
    typer.Option(
        "--slo",
        parser=duration_parser("--slo", scale=1000.0, unit_required=True),
        metavar="DURATION",
        help="p99 latency objective for the knee search, e.g. 500ms.",
    ),
]
Levels = Annotated[str, typer.Option("--levels", help="Concurrency levels of the sweep.")]
Route = Annotated[
    list[str],
    typer.Option("--route", "-r", help="Only this route (repeatable), e.g. 'POST /invoice'."),
]
OpenApi = Annotated[str, typer.Option("--openapi", help="Path of the app's OpenAPI schema.")]
NoKnee = Annotated[bool, typer.Option("--no-knee", help="Skip the open-model knee search.")]
AppDir = Annotated[Path, typer.Option("--app-dir", help="Where the app module is imported from.")]
Source = Annotated[
    Path,
    typer.Option("--source", help="Source tree for unjam check (default: the app's import root)."),
]
Port = Annotated[
    int,
    typer.Option("--port", min=1, max=65535, help="Port for the app (default: a free one)."),
]
StallThreshold = Annotated[
    float,
    stall_threshold_option(
        "10, finer than serve's 25: a diagnosis wants resolution more than low overhead."
    ),
]
Quiet = Annotated[bool, typer.Option("--quiet", "-q", help="No progress lines.")]
Methods = Annotated[
    str,
    typer.Option(
        "--methods",
        help="Also send these methods' generated requests, e.g. POST,PUT (or all): they may "
        "change data. By default only GET, HEAD and OPTIONS are sent.",
    ),
]
OnlyTargets = Annotated[
    bool, typer.Option("--only-targets", help="Load only the routes of the --targets file.")
]


def run(
    app: App,
    uvicorn_args: UvicornArgs = None,
    out: Out = Path("unjam-out"),
    duration: Duration = "4s",
    targets: Targets = None,
    slo: Slo = "500ms",
    levels: Levels = "1,8,32,64",
    route: Route = None,
    openapi: OpenApi = "/openapi.json",
    no_knee: NoKnee = False,
    app_dir: AppDir = Path("."),
    source: Source = None,
    port: Port = None,
    stall_threshold: StallThreshold = 10.0,
    quiet: Quiet = False,
    methods: Methods = None,
    only_targets: OnlyTargets = False,
) -> None:
    """The doctor: check + serve with the probe + load each route; ranked, measured causes.

    Writes OUT/report.json and OUT/report.html; exits 1 when a cause was measured
    (a confirmed finding or a stall), 0 when none was.
    """
    flags = dict(locals())  # the flags, before any other local name
    from unjam.doctor.verb import RunFlags, run_verb

    raise typer.Exit(run_verb(RunFlags(**flags)))


def diff(
    old: Path = typer.Argument(..., help="The report.json from before."),
    new: Path = typer.Argument(..., help="The report.json from after."),
    threshold: str = typer.Option("10%", "--threshold", help="Allowed throughput drop / p99 rise."),
) -> None:
    """Compare two doctor reports per route; exit 1 past the regression threshold."""
    from unjam.doctor.diff import parse_threshold, run_diff

    raise typer.Exit(run_diff(old, new, parse_threshold(threshold)))
