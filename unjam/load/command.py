"""`unjam load` and `unjam report` — owned by the load package."""

from __future__ import annotations

import typer

from unjam.errors import UserError


def load(url: str = typer.Argument(None, help="A URL to attack.")) -> None:
    """Generate HTTP load (open or closed model) and print a vegeta-style report."""
    raise UserError("unjam load is not built yet")


def report(path: str = typer.Argument(..., help="A results file written by unjam load.")) -> None:
    """Re-render a results file written by `unjam load`."""
    raise UserError("unjam report is not built yet")
