"""What `unjam serve` does with its flags: check what a user can fix, then run uvicorn.

Errors a user can act on (an app that does not import, a port in use, an unsupported
uvicorn flag, a diagnostics endpoint open beyond loopback without a token) are checked
here, before uvicorn starts, so each is one line with a distinct exit code rather than a
uvicorn traceback. Then uvicorn's own CLI runs with the probing `Config` (one process), or
`serve_workers.py` starts one such uvicorn per worker and merges their probes.
"""

from __future__ import annotations

import errno
import os
import socket
import sys
from dataclasses import dataclass
from pathlib import Path

from unjam.errors import AppFailed, NetworkError, UserError
from unjam.probe.summary import shutdown_lines, startup_lines

_LOOPS = ("auto", "asyncio", "uvloop", "none")
_UNSUPPORTED = ("--reload", "--reload-dir", "--uds", "--fd")


@dataclass
class ServeFlags:
    """`unjam serve`'s own flags as typer parsed them (names as in `command.serve`)."""

    app: str
    host: str
    port: int
    loop: str
    stall_threshold_ms: float
    phase_sample_ms: float | None
    before_app: bool
    probe_json: Path | None
    diagnostics_port: int | None
    diagnostics_host: str
    diagnostics_token: str | None
    app_dir: str
    factory: bool
    workers: int

    @property
    def json_path(self) -> str | None:
        return str(self.probe_json) if self.probe_json else None


def serve_app(flags: ServeFlags, extra: list[str]) -> None:
    """Check the flags and the app, then serve it with the probe until uvicorn exits.

    `extra` are uvicorn's own options, passed through unchanged."""
    argv = _checked_argv(flags, extra)
    diagnostics = (
        f"http://{flags.diagnostics_host}:{flags.diagnostics_port}"
        if flags.diagnostics_port
        else None
    )
    _say(
        startup_lines(
            threshold_ms=flags.stall_threshold_ms,
            phase_sample_ms=flags.phase_sample_ms,
            diagnostics=diagnostics,
            json_path=flags.json_path,
            workers=flags.workers,
        )
    )
    if flags.workers > 1:
        _serve_workers(flags, argv + extra)
    else:
        _serve_one(flags, argv + extra)


def _checked_argv(flags: ServeFlags, extra: list[str]) -> list[str]:
    """uvicorn's arguments for `flags`, once everything a user can fix has been checked."""
    _check_options(
        flags.loop, flags.stall_threshold_ms, extra, flags.diagnostics_host, flags.diagnostics_token
    )
    app_path = os.path.abspath(flags.app_dir)
    if app_path not in sys.path:
        sys.path.insert(0, app_path)
    if flags.phase_sample_ms is not None and flags.phase_sample_ms < 0:
        raise UserError("--phase-sample-ms must be 0 (every request) or more")
    if flags.workers < 1:
        raise UserError(f"--workers must be 1 or more, got {flags.workers}")
    _check_app_imports(flags.app)
    _check_port_free(flags.host, flags.port, "--port")
    if flags.diagnostics_port:
        _check_port_free(flags.diagnostics_host, flags.diagnostics_port, "--diagnostics-port")
    argv = [flags.app, "--host", flags.host, "--port", str(flags.port), "--loop", flags.loop]
    argv += ["--app-dir", app_path]
    if flags.factory:
        argv.append("--factory")
    return argv


def _serve_workers(flags: ServeFlags, argv: list[str]) -> None:
    from unjam.probe.serve_workers import WorkerSettings, serve_workers

    settings = WorkerSettings(
        threshold_ms=float(flags.stall_threshold_ms),
        phase_sample_ms=flags.phase_sample_ms,
        before_app=flags.before_app,
        json_path=flags.json_path,
        diagnostics_port=flags.diagnostics_port or None,
        diagnostics_host=flags.diagnostics_host,
        diagnostics_token=flags.diagnostics_token,
    )
    snapshot = serve_workers(settings, flags.workers, lambda more: _run_uvicorn(argv + more))
    _say(shutdown_lines(snapshot))


def _serve_one(flags: ServeFlags, argv: list[str]) -> None:
    from unjam.probe.core import configure

    probe = configure(
        threshold_ms=float(flags.stall_threshold_ms),
        phase_sample_ms=flags.phase_sample_ms,
        before_app=flags.before_app or None,
        json_path=flags.json_path,
        diagnostics_port=flags.diagnostics_port or None,
        diagnostics_host=flags.diagnostics_host,
        diagnostics_token=flags.diagnostics_token,
    )
    try:
        _run_uvicorn(argv)
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
