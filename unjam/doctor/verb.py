"""What `unjam run` does with its flags: check them, run the doctor, print, pick the exit code.

command.py declares the flags (typer); this module turns them into `DoctorOptions`, runs
the pipeline, prints the summary and says which exit code the README promises: 1 when a
cause was measured, 0 when none was, 130 when Ctrl-C cut the run short (the report then
holds what was measured, marked partial).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from unjam.errors import UserError

if TYPE_CHECKING:
    from unjam.doctor.options import DoctorOptions


@dataclass
class RunFlags:
    """`unjam run`'s flags as typer parsed them (names as in `command.run`)."""

    app: str
    uvicorn_args: list[str] | None
    out: Path
    duration: float
    targets: Path | None
    slo: float
    levels: str
    route: list[str] | None
    openapi: str
    no_knee: bool
    app_dir: Path
    source: Path | None
    port: int | None
    stall_threshold: float
    quiet: bool
    methods: str | None
    only_targets: bool


def run_verb(flags: RunFlags) -> int:
    """Run the doctor as `flags` say; the exit code."""
    from rich.console import Console

    from unjam.doctor.pipeline import run_doctor
    from unjam.doctor.summary import print_summary

    opts = doctor_options(flags)
    err = Console(stderr=True)
    progress = None if flags.quiet else (lambda m: err.print(f"[dim]{m}[/dim]"))
    report = run_doctor(opts, progress=progress)
    print_summary(report, flags.out)
    measured = any(
        i["status"] in ("confirmed", "seen only at runtime") and not i.get("minor")
        for i in report["ranked"]
    )
    sys.stdout.flush()
    if report.get("partial"):
        return 130  # Ctrl-C: the report holds what was measured, marked partial
    return 1 if measured else 0


def doctor_options(flags: RunFlags) -> DoctorOptions:
    """The doctor's options for `flags`, once the flags typer cannot check are checked."""
    from unjam.doctor.measure import Budget
    from unjam.doctor.options import DoctorOptions
    from unjam.doctor.routes import parse_methods

    try:
        levels = tuple(int(x) for x in flags.levels.split(",") if x.strip())
    except ValueError:
        raise UserError(f"--levels {flags.levels!r} must be integers separated by commas") from None
    if not levels or min(levels) < 1:
        raise UserError("--levels needs at least one level >= 1")
    if flags.duration <= 0:
        raise UserError("--duration must be a positive number of seconds")
    budget = Budget(
        per_route_s=flags.duration, levels=levels, slo_p99_ms=flags.slo, knee=not flags.no_knee
    )
    openapi = flags.openapi
    return DoctorOptions(
        app=flags.app,
        out=flags.out,
        budget=budget,
        targets_file=flags.targets,
        uvicorn_args=list(flags.uvicorn_args or []),
        app_dir=flags.app_dir,
        source_dir=flags.source,
        routes=list(flags.route) if flags.route else None,
        port=flags.port,
        openapi_path=openapi if openapi.startswith("/") else "/" + openapi,
        stall_threshold_ms=flags.stall_threshold,
        methods=parse_methods(flags.methods),
        only_targets=flags.only_targets,
    )
