"""Which event loop the generator runs on: uvloop when importable, asyncio's otherwise.

Inline runs and worker processes both make their loop here, and the report names the one
that ran, so that two runs compared side by side are known to have used the same loop.
"""

from __future__ import annotations

import asyncio

from unjam.errors import UserError


def new_event_loop(kind: str = "auto") -> asyncio.AbstractEventLoop:
    """uvloop when importable (or asked for), else asyncio's default loop."""
    if kind in ("auto", "uvloop"):
        try:
            import uvloop

            return uvloop.new_event_loop()
        except ImportError:
            if kind == "uvloop":
                raise UserError("--loop uvloop: uvloop is not installed") from None
    return asyncio.new_event_loop()


def loop_name(kind: str) -> str:
    """The loop `new_event_loop(kind)` makes, as the report names it."""
    if kind == "asyncio":
        return "asyncio"
    try:
        import uvloop  # noqa: F401

        return "uvloop"
    except ImportError:
        return "asyncio"
