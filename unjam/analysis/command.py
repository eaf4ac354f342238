"""`unjam check` and `unjam rule` — owned by the analysis package."""

from __future__ import annotations

from pathlib import Path

import typer

from unjam.errors import UserError


def check(
    paths: list[Path] = typer.Argument(None, help="Files or directories to analyse."),
) -> None:
    """Find code that blocks the event loop or starves the thread pool (static analysis)."""
    raise UserError("unjam check is not built yet")


def rule(code: str = typer.Argument(..., help="A rule code, e.g. UJ001.")) -> None:
    """Print the documentation page of a rule."""
    raise UserError("unjam rule is not built yet")
