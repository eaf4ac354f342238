"""`unjam serve` — owned by the probe package."""

from __future__ import annotations

import typer

from unjam.errors import UserError


def serve(app: str = typer.Argument(..., help="The ASGI app, as module:attribute.")) -> None:
    """Run uvicorn with the probe attached."""
    raise UserError("unjam serve is not built yet")
