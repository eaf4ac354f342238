"""`unjam serve` — run uvicorn with the probe attached, zero code changes.

uvicorn's own command line parses every option (so all of uvicorn's flags pass through
unchanged); unjam swaps in a `Config` subclass that wraps the loaded app in the probe
middleware and, with `--before-app` under httptools, a protocol subclass that stamps when
the request headers were parsed (the start of the `before_app` phase). Errors a user can act on — an app that
does not import, a port in use — are one line with a distinct exit code, checked before
uvicorn starts.
"""

from __future__ import annotations

import errno
import os
import socket
import sys
from pathlib import Path

import typer

from unjam.errors import AppFailed, NetworkError, UserError
from unjam.options import number_parser
from unjam.probe.summary import shutdown_lines, startup_lines

_LOOPS = ("auto", "asyncio", "uvloop", "none")
_UNSUPPORTED = ("--reload", "--reload-dir", "--uds", "--fd")


def serve(
    ctx: typer.Context,
    app: str = typer.Argument(..., help="The ASGI app, as module:attribute."),
    uvicorn_args: list[str] | None = typer.Argument(
        None, help="Other uvicorn options (e.g. --log-level debug), passed through unchanged."
    ),
    host: str = typer.Option("127.0.0.1", "--host", help="Bind the app to this host."),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="Bind the app to this port."),
    loop: str = typer.Option("auto", "--loop", help="Event loop: auto, asyncio or uvloop."),
    stall_threshold_ms: float = typer.Option(
        25.0,
        "--stall-threshold-ms",
        parser=number_parser("--stall-threshold-ms", unit="ms"),
        metavar="MS",
        help="Report loop stalls at least this long. 25, coarser than run's 10: in "
        "production, low overhead matters more than resolution.",
    ),
    phase_sample_ms: float | None = typer.Option(
        None,
        "--phase-sample-ms",
        parser=number_parser("--phase-sample-ms", unit="ms", zero=True),
        metavar="MS",
        envvar="UNJAM_PROBE_PHASE_SAMPLE_MS",
        help="Time the phases of one request every MS milliseconds (default 50); 0 = every "
        "request.",
    ),
    before_app: bool = typer.Option(
        False,
        "--before-app",
        envvar="UNJAM_PROBE_BEFORE_APP",
        help="Also time how long each parsed request waited for the event loop (the "
        "before_app phase; httptools only; costs a Python call per request).",
    ),
    probe_json: Path | None = typer.Option(
        None,
        "--probe-json",
        envvar="UNJAM_PROBE_JSON",
        help="Write the probe's JSON snapshot here at shutdown.",
    ),
    diagnostics_port: int | None = typer.Option(
        None,
        "--diagnostics-port",
        min=1,
        max=65535,
        envvar="UNJAM_PROBE_DIAGNOSTICS_PORT",
        help="Serve /snapshot, /reset and /metrics on this port (off by default).",
    ),
    diagnostics_host: str = typer.Option(
        "127.0.0.1",
        "--diagnostics-host",
        envvar="UNJAM_PROBE_DIAGNOSTICS_HOST",
        help="Bind the diagnostics endpoint here; anything but loopback needs a token.",
    ),
    diagnostics_token: str | None = typer.Option(
        None,
        "--diagnostics-token",
        envvar="UNJAM_PROBE_DIAGNOSTICS_TOKEN",
        help="Require 'Authorization: Bearer TOKEN' on the diagnostics endpoint.",
    ),
    app_dir: str = typer.Option(".", "--app-dir", help="Look for the app's module here."),
    factory: bool = typer.Option(False, "--factory", help="APP is a factory returning the app."),
    workers: int = typer.Option(
        1,
        "--workers",
        help="Worker processes, each with the probe; the diagnostics endpoint, --probe-json "
        "and the summary show them merged.",
    ),
) -> None:
    """Run uvicorn with the probe attached: stalls, thread pool and phases, per route."""
    extra = list(uvicorn_args or []) + list(getattr(ctx, "args", []) or [])
    _check_options(loop, stall_threshold_ms, extra, diagnostics_host, diagnostics_token)
    app_path = os.path.abspath(app_dir)
    if app_path not in sys.path:
        sys.path.insert(0, app_path)
    if phase_sample_ms is not None and phase_sample_ms < 0:
        raise UserError("--phase-sample-ms must be 0 (every request) or more")
    if workers < 1:
        raise UserError(f"--workers must be 1 or more, got {workers}")
    _check_app_imports(app)
    _check_port_free(host, port, "--port")
    if diagnostics_port:
        _check_port_free(diagnostics_host, diagnostics_port, "--diagnostics-port")
    argv = [app, "--host", host, "--port", str(port), "--loop", loop, "--app-dir", app_path]
    if factory:
        argv.append("--factory")
    diagnostics = f"http://{diagnostics_host}:{diagnostics_port}" if diagnostics_port else None
    _say(
        startup_lines(
            threshold_ms=stall_threshold_ms,
            phase_sample_ms=phase_sample_ms,
            diagnostics=diagnostics,
            json_path=str(probe_json) if probe_json else None,
            workers=workers,
        )
    )
    if workers > 1:
        from unjam.probe.serve_workers import WorkerSettings, serve_workers

        settings = WorkerSettings(
            threshold_ms=float(stall_threshold_ms),
            phase_sample_ms=phase_sample_ms,
            before_app=before_app,
            json_path=str(probe_json) if probe_json else None,
            diagnostics_port=diagnostics_port or None,
            diagnostics_host=diagnostics_host,
            diagnostics_token=diagnostics_token,
        )
        snapshot = serve_workers(settings, workers, lambda more: _run_uvicorn(argv + extra + more))
        _say(shutdown_lines(snapshot))
        return

    from unjam.probe.core import configure

    probe = configure(
        threshold_ms=float(stall_threshold_ms),
        phase_sample_ms=phase_sample_ms,
        before_app=before_app or None,
        json_path=str(probe_json) if probe_json else None,
        diagnostics_port=diagnostics_port or None,
        diagnostics_host=diagnostics_host,
        diagnostics_token=diagnostics_token,
    )
    try:
        _run_uvicorn(argv + extra)
    finally:
        probe.shutdown()
        _say(shutdown_lines(probe.snapshot()))


def _say(lines: list[str]) -> None:
    for line in lines:
        print(line, file=sys.stderr, flush=True)


def _check_options(
    loop: str, threshold: float, extra: list[str], diag_host: str, token: str | None
) -> None:
    if loop not in _LOOPS:
        raise UserError(f"--loop {loop!r} is not one of {', '.join(_LOOPS[:3])}")
    if threshold <= 0:
        raise UserError("--stall-threshold-ms must be a positive number of milliseconds")
    for arg in extra:
        name = arg.split("=", 1)[0]
        if name == "--workers":
            raise UserError(
                "give --workers N as unjam serve's own option (before any --), so that the "
                "probe starts in every worker and merges them"
            )
        if name in _UNSUPPORTED:
            raise UserError(
                f"unjam serve does not support uvicorn's {name}: the probe watches processes "
                "it starts, serving a TCP port (--workers N is supported)"
            )
    from unjam.probe.diagnostics import is_loopback  # http.server: only when checked

    if not is_loopback(diag_host) and not token:
        raise UserError(
            f"--diagnostics-host {diag_host} is not loopback: the endpoint shows stacks and file "
            "paths, so set --diagnostics-token (or UNJAM_PROBE_DIAGNOSTICS_TOKEN) too"
        )


def _check_app_imports(app: str) -> None:
    from uvicorn.importer import ImportFromStringError, import_from_string

    module = app.split(":", 1)[0]
    try:
        import_from_string(app)
    except ImportFromStringError as err:
        raise AppFailed(f"cannot load the app {app!r}: {err}") from None
    except SystemExit as err:
        raise AppFailed(f"importing {module} called sys.exit({err.code})") from None
    except BaseException as err:
        if isinstance(err, KeyboardInterrupt):
            raise
        where = ""
        tb = err.__traceback__
        while tb is not None:
            filename = tb.tb_frame.f_code.co_filename
            if not filename.startswith("<") and "site-packages" not in filename:
                where = f" ({filename}:{tb.tb_lineno})"
            tb = tb.tb_next
        message = str(err).splitlines()[0] if str(err) else ""
        raise AppFailed(
            f"importing {module} failed: {type(err).__name__}: {message}{where}"
        ) from None


def _check_port_free(host: str, port: int, option: str) -> None:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError as err:
            if err.errno == errno.EADDRINUSE:
                raise NetworkError(
                    f"port {port} on {host} is in use; pick another with {option}"
                ) from None
            if err.errno in (errno.EADDRNOTAVAIL, errno.EACCES):
                raise NetworkError(f"cannot bind {host}:{port}: {err.strerror}") from None
            raise NetworkError(f"cannot bind {host}:{port}: {err}") from None


def _run_uvicorn(argv: list[str]) -> None:
    """uvicorn's own CLI, with its Config replaced by the probing one."""
    import importlib

    from unjam.probe.uvicorn_support import ProbeConfig

    # `uvicorn.main` the attribute is the click command; the module is what holds `Config`.
    uvicorn_main = importlib.import_module("uvicorn.main")
    original = uvicorn_main.Config
    uvicorn_main.Config = ProbeConfig  # type: ignore[misc]
    try:
        uvicorn_main.main.main(args=argv, prog_name="unjam serve", standalone_mode=False)
    except SystemExit as exit_:
        if exit_.code not in (0, None):
            raise AppFailed(
                f"the app failed to start (uvicorn exited with {exit_.code}; see its log above)"
            ) from None
    finally:
        uvicorn_main.Config = original  # type: ignore[misc]
