"""`unjam serve` — run uvicorn with the probe attached, zero code changes.

uvicorn's own command line parses every option (so all of uvicorn's flags pass through
unchanged); unjam swaps in a `Config` subclass that wraps the loaded app in the probe
middleware and, with `--before-app` under httptools, a protocol subclass that stamps when
the request headers were parsed (the start of the `before_app` phase). Each of serve's own
flags is declared once below as an `Annotated` type; what serve does with them (the checks
before uvicorn starts, then uvicorn) is `serving.py`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from unjam.options import number_parser


def stall_threshold_option(why: str) -> Any:
    """`--stall-threshold-ms`, for `unjam serve` and `unjam run` alike (the doctor imports
    it): each verb gives its own default and says `why` it chose it."""
    return typer.Option(
        "--stall-threshold-ms",
        parser=number_parser("--stall-threshold-ms", unit="ms"),
        metavar="MS",
        help=f"Report loop stalls at least this long. {why}",
    )


App = Annotated[str, typer.Argument(help="The ASGI app, as module:attribute.")]
UvicornArgs = Annotated[
    list[str] | None,
    typer.Argument(
        help="Other uvicorn options (e.g. --log-level debug), passed through unchanged."
    ),
]
Host = Annotated[str, typer.Option("--host", help="Bind the app to this host.")]
Port = Annotated[int, typer.Option("--port", min=0, max=65535, help="Bind the app to this port.")]
Loop = Annotated[str, typer.Option("--loop", help="Event loop: auto, asyncio or uvloop.")]
StallThresholdMs = Annotated[
    float,
    stall_threshold_option(
        "25, coarser than run's 10: in production, low overhead matters more than resolution."
    ),
]
PhaseSampleMs = Annotated[
    float | None,
    typer.Option(
        "--phase-sample-ms",
        parser=number_parser("--phase-sample-ms", unit="ms", zero=True),
        metavar="MS",
        envvar="UNJAM_PROBE_PHASE_SAMPLE_MS",
        help="Time the phases of one request every MS milliseconds (default 50); 0 = every "
        "request.",
    ),
]
BeforeApp = Annotated[
    bool,
    typer.Option(
        "--before-app",
        envvar="UNJAM_PROBE_BEFORE_APP",
        help="Also time how long each parsed request waited for the event loop (the "
        "before_app phase; httptools only; costs a Python call per request).",
    ),
]
ProbeJson = Annotated[
    Path | None,
    typer.Option(
        "--probe-json",
        envvar="UNJAM_PROBE_JSON",
        help="Write the probe's JSON snapshot here at shutdown.",
    ),
]
DiagnosticsPort = Annotated[
    int | None,
    typer.Option(
        "--diagnostics-port",
        min=1,
        max=65535,
        envvar="UNJAM_PROBE_DIAGNOSTICS_PORT",
        help="Serve /snapshot, /reset and /metrics on this port (off by default).",
    ),
]
DiagnosticsHost = Annotated[
    str,
    typer.Option(
        "--diagnostics-host",
        envvar="UNJAM_PROBE_DIAGNOSTICS_HOST",
        help="Bind the diagnostics endpoint here; anything but loopback needs a token.",
    ),
]
DiagnosticsToken = Annotated[
    str | None,
    typer.Option(
        "--diagnostics-token",
        envvar="UNJAM_PROBE_DIAGNOSTICS_TOKEN",
        help="Require 'Authorization: Bearer TOKEN' on the diagnostics endpoint.",
    ),
]
AppDir = Annotated[str, typer.Option("--app-dir", help="Look for the app's module here.")]
Factory = Annotated[bool, typer.Option("--factory", help="APP is a factory returning the app.")]
Workers = Annotated[
    int,
    typer.Option(
        "--workers",
        help="Worker processes, each with the probe; the diagnostics endpoint, --probe-json "
        "and the summary show them merged.",
    ),
]


def serve(
    ctx: typer.Context,
    app: App,
    uvicorn_args: UvicornArgs = None,
    host: Host = "127.0.0.1",
    port: Port = 8000,
    loop: Loop = "auto",
    stall_threshold_ms: StallThresholdMs = 25.0,
    phase_sample_ms: PhaseSampleMs = None,
    before_app: BeforeApp = False,
    probe_json: ProbeJson = None,
    diagnostics_port: DiagnosticsPort = None,
    diagnostics_host: DiagnosticsHost = "127.0.0.1",
    diagnostics_token: DiagnosticsToken = None,
    app_dir: AppDir = ".",
    factory: Factory = False,
    workers: Workers = 1,
) -> None:
    """Run uvicorn with the probe attached: stalls, thread pool and phases, per route."""
    own = dict(locals())  # the flags, before any other local name
    del own["ctx"], own["uvicorn_args"]
    from unjam.probe.serving import ServeFlags, serve_app

    extra = list(uvicorn_args or []) + list(getattr(ctx, "args", []) or [])
    serve_app(ServeFlags(**own), extra)
