"""The runtime probe: name the route and line of every event-loop stall, meter the thread pool.

Ways in: `instrument(app)` / `app.add_middleware(ProbeMiddleware)`, `unjam serve`, and the
pytest plugin. See docs/probe.md. Names are imported lazily (PEP 562) so that loading the
pytest plugin — which pytest does in every run — imports nothing of the probe itself.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "InstrumentedApp": "unjam.probe.middleware",
    "ProbeMiddleware": "unjam.probe.middleware",
    "instrument": "unjam.probe.middleware",
    "Probe": "unjam.probe.core",
    "ProbeSettings": "unjam.probe.settings",
    "configure": "unjam.probe.core",
    "get_probe": "unjam.probe.core",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'unjam.probe' has no attribute {name!r}")
    return getattr(import_module(module), name)
