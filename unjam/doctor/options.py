"""What `unjam run` is asked to do (`DoctorOptions`), checked before anything starts, and the
`unjam serve` command line the doctor runs the app with.

The doctor owns the server's host, port and worker count (one worker on 127.0.0.1, so that
every measurement is of one process it can stop by pid); the rest of uvicorn's options pass
through, after those `unjam serve` itself must know (the loop the probe attaches to).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from unjam.doctor.measure import Budget
from unjam.errors import UserError
from unjam.server import LOCALHOST

DOCTOR_STALL_THRESHOLD_MS = 10.0
OWN_OPTIONS = ("--host", "--port", "--uds", "--fd", "--workers", "--reload")


@dataclass
class DoctorOptions:
    app: str
    out: Path = Path("unjam-out")
    budget: Budget = field(default_factory=Budget)
    targets_file: Path | None = None
    # Requests given in code (the lab's sample payloads); like a targets file, they override
    # the generated requests of the routes they cover. Their host and port are replaced.
    targets: list = field(default_factory=list)
    app_dir: Path = field(default_factory=Path.cwd)
    source_dir: Path | None = None
    port: int | None = None
    uvicorn_args: list[str] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    routes: list[str] | None = None
    openapi_path: str = "/openapi.json"
    # Lower than the probe's 25 ms production default: during a diagnosis, resolution matters
    # more than overhead (a 20 ms blocking call would otherwise only show when calls merge).
    stall_threshold_ms: float | None = DOCTOR_STALL_THRESHOLD_MS
    # Methods sent besides GET, HEAD and OPTIONS (generated requests only): opt-in, they may
    # change data. A targets file's requests are the user's own and always sent.
    methods: tuple[str, ...] = ()
    only_targets: bool = False  # load only the routes the targets file covers


Progress = Callable[[str], None]


def check_app_spec(app: str) -> str:
    module, sep, attr = app.partition(":")
    if not sep or not module or not attr:
        raise UserError(f"app {app!r} must be written module:attribute, e.g. main:app")
    return module


def check_uvicorn_args(args: list[str]) -> None:
    for arg in args:
        name = arg.split("=", 1)[0]
        if name in OWN_OPTIONS:
            raise UserError(
                f"uvicorn option {name} is set by unjam run (one worker on 127.0.0.1); "
                "use unjam run --port to choose the port"
            )


def serve_argv(opts: DoctorOptions, port: int, diag_port: int, probe_json: Path) -> list[str]:
    argv = [sys.executable, "-m", "unjam", "serve", opts.app, "--host", LOCALHOST]
    argv += ["--port", str(port), "--diagnostics-port", str(diag_port)]
    argv += ["--probe-json", str(probe_json), "--app-dir", str(opts.app_dir.resolve())]
    argv += ["--before-app"]  # a diagnosis wants the queueing time; production pays nothing
    if opts.stall_threshold_ms is not None:
        argv += ["--stall-threshold-ms", str(opts.stall_threshold_ms)]
    serve_own, passthrough = split_serve_options(opts.uvicorn_args)
    # After `--`, everything goes to uvicorn's own command line (the last of a repeated
    # option wins, so the user's choices override unjam serve's defaults). uvicorn's access
    # log writes to the doctor's capture of stderr on the loop: its stalls would be the
    # doctor's, not the app's (pass `-- --access-log` to measure it anyway).
    return [*argv, *serve_own, "--", "--no-access-log", *passthrough]


# uvicorn options that `unjam serve` itself owns: the probe must know the loop it attaches to.
SERVE_VALUE_OPTIONS = ("--loop",)
SERVE_FLAGS = ("--factory",)


def split_serve_options(args: list[str]) -> tuple[list[str], list[str]]:
    """The user's uvicorn options, split into those `unjam serve` parses and the rest."""
    own: list[str] = []
    rest: list[str] = []
    index = 0
    while index < len(args):
        arg = args[index]
        name = arg.split("=", 1)[0]
        if name in SERVE_FLAGS or (name in SERVE_VALUE_OPTIONS and "=" in arg):
            own.append(arg)
        elif name in SERVE_VALUE_OPTIONS and index + 1 < len(args):
            own += [arg, args[index + 1]]
            index += 1
        else:
            rest.append(arg)
        index += 1
    return own, rest
