"""The `unjam` command line: thin typer commands, each defined next to the package it calls.

This module only wires the verbs together and turns `UserError` into a one-line message
with a distinct exit code. Command modules import their heavy packages inside the command
body so that `unjam --help` and `unjam check` start fast.

`unjam check` with plain arguments skips typer altogether (`check_args`, `check_run`):
building typer's per-parameter pydantic adapters costs more than checking a small project.
The typer app is built on first use (`app` below, or any other verb / `--help` / an unusual argument).
"""

from __future__ import annotations

import os
import sys

from unjam.errors import ExitCode, UserError

# `serve` and `lab` pass options they do not know through (to uvicorn, to the scenario).
_PASS_THROUGH = {"allow_extra_args": True, "ignore_unknown_options": True}
_APP = None
# `UNJAM_DEBUG=1` or `unjam --debug VERB`: errors keep their traceback (for bug reports).
DEBUG_ENV = "UNJAM_DEBUG"


def _debugging() -> bool:
    return os.environ.get(DEBUG_ENV, "") not in ("", "0")


def _version() -> str:
    from unjam import __version__

    return f"unjam {__version__}"


def build_app():
    """The typer app with every verb (built once)."""
    global _APP
    if _APP is not None:
        return _APP
    import typer

    from unjam.analysis.command import check, rule
    from unjam.doctor.command import diff, run
    from unjam.lab.command import lab
    from unjam.load.command import load, report
    from unjam.probe.command import serve

    app = typer.Typer(
        name="unjam",
        help="Find what blocks the event loop or starves the thread pool of a FastAPI/ASGI app.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["-h", "--help"]},
    )

    def version_flag(value: bool) -> None:
        if value:
            print(_version())
            raise typer.Exit(0)

    @app.callback()
    def options(
        version: bool = typer.Option(
            False,
            "--version",
            "-V",
            is_eager=True,
            callback=version_flag,
            help="Print unjam's version and exit.",
        ),
        debug: bool = typer.Option(
            False, "--debug", help=f"Show tracebacks of errors (also: {DEBUG_ENV}=1)."
        ),
    ) -> None:
        if debug:  # read by main() when an error reaches it
            os.environ[DEBUG_ENV] = "1"

    for command in (check, rule, serve, load, report, run, diff, lab):
        app.command(context_settings=_PASS_THROUGH if command in (serve, lab) else None)(command)
    _APP = app
    return app


def build_command():
    """The click command of the typer app, with readable metavars in its help."""
    import typer.main

    from unjam.metavars import readable

    return readable(typer.main.get_command(build_app()))


def __getattr__(name: str):
    if name == "app":
        return build_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    _take_ctrl_c()
    try:
        code = None
        if sys.argv[1:2] == ["check"]:  # plain arguments skip typer (see the docstring)
            from unjam.analysis.check_run import run_plain

            code = run_plain(sys.argv[2:])
        if code is None:
            # Non-standalone mode returns the code of `raise typer.Exit(code)` instead of exiting.
            code = build_command().main(prog_name="unjam", standalone_mode=False)
        sys.exit(code if isinstance(code, int) else 0)
    except UserError as err:
        if _debugging():
            raise
        print(f"unjam: error: {err}", file=sys.stderr)
        sys.exit(int(err.exit_code))
    except KeyboardInterrupt:
        sys.exit(int(ExitCode.INTERRUPTED))
    except SystemExit:
        raise
    except Exception as err:
        # Usage errors from typer's (vendored) click arrive here in non-standalone mode.
        # Anything else is a bug: one line saying so, the traceback with the debug switch.
        if type(err).__name__ == "Abort":
            sys.exit(int(ExitCode.INTERRUPTED))
        if hasattr(err, "format_message") and hasattr(err, "exit_code"):
            print(f"unjam: error: {_usage_line(err)}", file=sys.stderr)
            sys.exit(int(ExitCode.USAGE))
        if _debugging():
            raise
        print(
            f"unjam: internal error: {type(err).__name__}: {err}; rerun with {DEBUG_ENV}=1 "
            "for the traceback and report it",
            file=sys.stderr,
        )
        sys.exit(int(ExitCode.USAGE))


def _take_ctrl_c() -> None:
    """Ctrl-C stops every verb, also when the process started with SIGINT ignored (a shell
    starts `cmd &` so, and its children inherit it): Python then installs no handler of its
    own, and a wait (`unjam load --start-at`) would ignore the SIGINT a script sends it. The
    load engine and uvicorn take the signal anyway; so does vegeta."""
    import signal

    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def _usage_line(err) -> str:
    """click's usage error (three lines: usage, hint, error) as one line with the hint."""
    message = " ".join(err.format_message().split())
    ctx = getattr(err, "ctx", None)
    command = ctx.command_path if ctx is not None else "unjam"
    return f"{message} (see `{command} --help`)"
