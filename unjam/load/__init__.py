"""`unjam load`: an accurate HTTP/1.1 load generator for diagnosing ASGI apps.

Public API (imported lazily so `unjam --help` stays fast):

    from unjam.load import Target, run_load, LoadResult, sweep, find_knee, targets_from_openapi
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from unjam.load.openapi import targets_from_openapi
    from unjam.load.result import LoadResult
    from unjam.load.runner import run_load
    from unjam.load.sweep import KneeResult, find_knee, sweep
    from unjam.load.targets import Target

__all__ = [
    "KneeResult",
    "LoadResult",
    "Target",
    "find_knee",
    "run_load",
    "sweep",
    "targets_from_openapi",
]

_HOMES = {
    "Target": "unjam.load.targets",
    "LoadResult": "unjam.load.result",
    "run_load": "unjam.load.runner",
    "sweep": "unjam.load.sweep",
    "find_knee": "unjam.load.sweep",
    "KneeResult": "unjam.load.sweep",
    "targets_from_openapi": "unjam.load.openapi",
}


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        import importlib

        return getattr(importlib.import_module(_HOMES[name]), name)
    raise AttributeError(f"module 'unjam.load' has no attribute {name!r}")
