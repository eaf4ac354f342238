"""`unjam lab` — owned by the lab package."""

from __future__ import annotations

import typer

from unjam.errors import UserError


def lab(name: str = typer.Argument(None, help="A scenario; omit to list them.")) -> None:
    """Run one of the seeds' experiments, broken and fixed, and print its table."""
    raise UserError("unjam lab is not built yet")
