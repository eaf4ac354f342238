"""`unjam run` and `unjam diff` — owned by the doctor package."""

from __future__ import annotations

from pathlib import Path

import typer

from unjam.options import duration_parser, number_parser


def run(
    app: str = typer.Argument(..., help="The ASGI app, as module:attribute (like uvicorn)."),
    uvicorn_args: list[str] = typer.Argument(
        None, help="Options passed to uvicorn as they are, after `--` (e.g. -- --loop asyncio)."
    ),
    out: Path = typer.Option(
        Path("unjam-out"), "--out", "-o", help="Directory for report.json and report.html."
    ),
    duration: float = typer.Option(
        "4s",
        "--duration",
        "-d",
        parser=duration_parser("--duration"),
        metavar="DURATION",
        help="Load per route (sweep + knee search), e.g. 4s, 500ms.",
    ),
    targets: Path = typer.Option(
        None, "--targets", "-t", help="Vegeta targets file; overrides the routes it covers."
    ),
    slo: float = typer.Option(
        "500ms",
        "--slo",
        parser=duration_parser("--slo", scale=1000.0, unit_required=True),
        metavar="DURATION",
        help="p99 latency objective for the knee search, e.g. 500ms.",
    ),
    levels: str = typer.Option("1,8,32,64", "--levels", help="Concurrency levels of the sweep."),
    route: list[str] = typer.Option(
        None, "--route", "-r", help="Only this route (repeatable), e.g. 'POST /invoice'."
    ),
    openapi: str = typer.Option(
        "/openapi.json", "--openapi", help="Path of the app's OpenAPI schema."
    ),
    no_knee: bool = typer.Option(False, "--no-knee", help="Skip the open-model knee search."),
    app_dir: Path = typer.Option(
        Path("."), "--app-dir", help="Where the app module is imported from."
    ),
    source: Path = typer.Option(
        None, "--source", help="Source tree for unjam check (default: the app's import root)."
    ),
    port: int = typer.Option(
        None, "--port", min=1, max=65535, help="Port for the app (default: a free one)."
    ),
    stall_threshold: float = typer.Option(
        10.0,
        "--stall-threshold-ms",
        parser=number_parser("--stall-threshold-ms", unit="ms"),
        metavar="MS",
        help="Report loop stalls at least this long. 10, finer than serve's 25: a diagnosis "
        "wants resolution more than low overhead.",
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress lines."),
    methods: str = typer.Option(
        None,
        "--methods",
        help="Also send these methods' generated requests, e.g. POST,PUT (or all): they may "
        "change data. By default only GET, HEAD and OPTIONS are sent.",
    ),
    only_targets: bool = typer.Option(
        False, "--only-targets", help="Load only the routes of the --targets file."
    ),
) -> None:
    """The doctor: check + serve with the probe + load each route; ranked, measured causes.

    Writes OUT/report.json and OUT/report.html; exits 1 when a cause was measured
    (a confirmed finding or a stall), 0 when none was.
    """
    import sys

    from rich.console import Console

    from unjam.doctor.measure import Budget
    from unjam.doctor.options import DoctorOptions
    from unjam.doctor.pipeline import run_doctor
    from unjam.doctor.routes import parse_methods
    from unjam.doctor.summary import print_summary
    from unjam.errors import UserError

    try:
        level_list = tuple(int(x) for x in levels.split(",") if x.strip())
    except ValueError:
        raise UserError(f"--levels {levels!r} must be integers separated by commas") from None
    if not level_list or min(level_list) < 1:
        raise UserError("--levels needs at least one level >= 1")
    if duration <= 0:
        raise UserError("--duration must be a positive number of seconds")
    err = Console(stderr=True)
    opts = DoctorOptions(
        app=app,
        out=out,
        budget=Budget(per_route_s=duration, levels=level_list, slo_p99_ms=slo, knee=not no_knee),
        targets_file=targets,
        app_dir=app_dir,
        source_dir=source,
        port=port,
        uvicorn_args=list(uvicorn_args or []),
        routes=list(route) if route else None,
        openapi_path=openapi if openapi.startswith("/") else "/" + openapi,
        stall_threshold_ms=stall_threshold,
        methods=parse_methods(methods),
        only_targets=only_targets,
    )
    report = run_doctor(opts, progress=None if quiet else (lambda m: err.print(f"[dim]{m}[/dim]")))
    print_summary(report, out)
    measured = any(
        i["status"] in ("confirmed", "seen only at runtime") and not i.get("minor")
        for i in report["ranked"]
    )
    sys.stdout.flush()
    if report.get("partial"):
        raise typer.Exit(130)  # Ctrl-C: the report holds what was measured, marked partial
    raise typer.Exit(1 if measured else 0)


def diff(
    old: Path = typer.Argument(..., help="The report.json from before."),
    new: Path = typer.Argument(..., help="The report.json from after."),
    threshold: str = typer.Option("10%", "--threshold", help="Allowed throughput drop / p99 rise."),
) -> None:
    """Compare two doctor reports per route; exit 1 past the regression threshold."""
    from unjam.doctor.diff import parse_threshold, run_diff

    raise typer.Exit(run_diff(old, new, parse_threshold(threshold)))
