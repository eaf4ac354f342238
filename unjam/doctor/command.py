"""`unjam run` and `unjam diff` — owned by the doctor package."""

from __future__ import annotations

import typer

from unjam.errors import UserError


def run(app: str = typer.Argument(..., help="The ASGI app, as module:attribute.")) -> None:
    """The doctor: check + serve + load per route, ranked findings with measured impact."""
    raise UserError("unjam run is not built yet")


def diff(old: str = typer.Argument(...), new: str = typer.Argument(...)) -> None:
    """Compare two doctor reports; exit 1 past the regression threshold."""
    raise UserError("unjam diff is not built yet")
