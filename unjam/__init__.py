"""unjam — find what blocks the event loop or starves the thread pool of an ASGI app.

The public runtime API (`instrument`, `ProbeMiddleware`) is imported lazily so that
`import unjam` stays cheap for the static analyzer and the CLI.
"""

from typing import Any

__version__ = "0.1.0"

__all__ = ["ProbeMiddleware", "__version__", "instrument"]


def __getattr__(name: str) -> Any:
    if name in ("instrument", "ProbeMiddleware"):
        from unjam import probe

        return getattr(probe, name)
    raise AttributeError(f"module 'unjam' has no attribute {name!r}")
