"""The `unjam` command line: thin typer commands, each defined next to the package it calls.

This module only wires the verbs together and turns `UserError` into a one-line message
with a distinct exit code. Command modules import their heavy packages inside the command
body so that `unjam --help` and `unjam check` start fast.
"""

from __future__ import annotations

import sys

import typer

from unjam.analysis.command import check, rule
from unjam.doctor.command import diff, run
from unjam.errors import ExitCode, UserError
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

# `serve` and `lab` pass options they do not know through (to uvicorn, to the scenario).
_PASS_THROUGH = {"allow_extra_args": True, "ignore_unknown_options": True}
for command in (check, rule, serve, load, report, run, diff, lab):
    app.command(context_settings=_PASS_THROUGH if command in (serve, lab) else None)(command)


def main() -> None:
    try:
        # Non-standalone mode returns the code of `raise typer.Exit(code)` instead of exiting.
        code = app(standalone_mode=False)
        sys.exit(code if isinstance(code, int) else 0)
    except UserError as err:
        print(f"unjam: error: {err}", file=sys.stderr)
        sys.exit(int(err.exit_code))
    except KeyboardInterrupt:
        sys.exit(int(ExitCode.INTERRUPTED))
    except SystemExit:
        raise
    except Exception as err:
        # Usage errors from typer's (vendored) click arrive here in non-standalone mode;
        # they know how to print themselves. Anything else is a bug and keeps its traceback.
        if type(err).__name__ == "Abort":
            sys.exit(int(ExitCode.INTERRUPTED))
        if hasattr(err, "show") and hasattr(err, "exit_code"):
            err.show()
            sys.exit(int(ExitCode.USAGE))
        raise
