"""`unjam check` and `unjam rule` — the analyzer's command line.

Thin on purpose: options are declared once in `check_args` (parsed by typer from the
signature built here, or for plain arguments by `check_args` itself; the command's body is
`check_run`), then config (`config.py`), file discovery
(`discovery.py`), the engine (`engine.py`), suppressions (`suppressions.py`) and a renderer
(`output/`) each do one step. Heavy modules are imported inside the commands so `unjam --help`
stays fast.
"""

from __future__ import annotations

import inspect
import sys
from pathlib import Path

import typer

from unjam.analysis import check_args
from unjam.errors import UserError


def check(**params) -> None:
    """Find code that blocks the event loop or starves the thread pool (static analysis).

    Exit status: 0 no findings, 1 findings, 2 bad usage or an internal error, 3 a path that
    does not exist or a file that could not be read or parsed (it outranks 1).
    """
    from unjam.analysis.check_run import run

    # the body lives in check_run (typer-free), which `unjam.cli` also calls directly
    code = run(**params)
    if code:
        raise typer.Exit(code)


_TYPES = {
    "flag": bool,
    "switch": bool | None,
    "path": Path | None,
    "list": list[str],
    "format": check_args.OutputFormat,
}


def _typer_option(option: check_args.Option):
    default = check_args.default_of(option)
    if option.kind == "switch":
        return typer.Option(default, "/".join(option.names), help=option.help, show_default=False)
    if option.kind == "format":
        return typer.Option(default, *option.names, help=option.help, case_sensitive=False)
    return typer.Option(default, *option.names, help=option.help)


def _signature() -> inspect.Signature:
    """`check`'s parameters as typer reads them, built from the one declaration."""
    kind = inspect.Parameter.KEYWORD_ONLY
    paths = typer.Argument(None, help=check_args.PATHS_HELP)
    return inspect.Signature(
        [
            inspect.Parameter("paths", kind, default=paths, annotation=list[Path]),
            *(
                inspect.Parameter(
                    o.param, kind, default=_typer_option(o), annotation=_TYPES[o.kind]
                )
                for o in check_args.DECLARED
            ),
        ],
        return_annotation=None,
    )


check.__signature__ = _signature()  # type: ignore[attr-defined]
check.__annotations__ = {}


def rule(
    code: str | None = typer.Argument(
        None, help="A rule code, e.g. UJ001. Without one, list every rule."
    ),
) -> None:
    """Print the documentation page of a rule (What it does / Why is this bad? / Example / Fix)."""
    from unjam.analysis.rules import RULES

    if code is None:
        width = max(len(r.name) for r in RULES.values())
        for r in RULES.values():
            print(f"{r.code}  {r.name:<{width}}  {r.severity!s:<8} {r.summary}")
        return
    found = RULES.get(code.strip().upper())
    if found is None:
        raise UserError(
            f"unknown rule code {code!r}; valid codes: {', '.join(RULES)} "
            "(run `unjam rule` to list them)"
        )
    page = _terminal_links(found.page)
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.markdown import Markdown

        # hyperlinks off: a link prints as "text (url)", readable in any terminal
        Console().print(Markdown(page, hyperlinks=False))
    else:
        sys.stdout.write(page)


def _terminal_links(page: str) -> str:
    """The pages link to each other as files (`[UJ003](UJ003.md)`), which means nothing in a
    terminal: point at the command that shows the page instead."""
    import re

    return re.sub(r"\[(UJ\d{3})\]\(UJ\d{3}\.md\)", r"\1 (`unjam rule \1`)", page)
