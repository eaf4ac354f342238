"""How the probe behaves (`ProbeSettings`): set in code, by `unjam serve`'s flags, or read
from the UNJAM_PROBE_* environment variables.

The environment is how settings reach a probe no code of ours configures: the workers
`unjam serve --workers N` spawns (serve_workers.py sets it for them), or an app instrumented
in its own code. A variable that is not a number is ignored with a warning, never an error
in the app.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("unjam.probe")


def _env_float(name: str) -> float | None:
    value = os.environ.get(name)
    if not value:
        return None
    try:
        return float(value)
    except ValueError:
        log.warning("unjam: ignoring %s=%r (not a number)", name, value)
        return None


@dataclass
class ProbeSettings:
    """How the probe behaves; `from_env` reads the UNJAM_PROBE_* variables."""

    threshold_ms: float = 25.0
    json_path: str | None = None
    diagnostics_port: int | None = None
    diagnostics_host: str = "127.0.0.1"
    diagnostics_token: str | None = None
    phases: bool = True
    # Full phase timing for the first request to start this long after the last timed one
    # (0 = every request); see the middleware for why sampling is by time, not by count.
    phase_sample_ms: float = 50.0
    # `unjam serve` + httptools: stamp each request when its headers are parsed, for the
    # `before_app` phase (queueing for the loop). Off by default: a Python call per request.
    before_app: bool = False
    beat_interval_ms: float | None = None  # default: threshold / 5, within [2, 20] ms
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_env(cls) -> ProbeSettings:
        settings = cls()
        threshold = _env_float("UNJAM_PROBE_THRESHOLD_MS")
        if threshold is not None and threshold > 0:
            settings.threshold_ms = threshold
        settings.json_path = os.environ.get("UNJAM_PROBE_JSON") or None
        port = _env_float("UNJAM_PROBE_DIAGNOSTICS_PORT")
        settings.diagnostics_port = int(port) if port else None
        settings.diagnostics_host = os.environ.get("UNJAM_PROBE_DIAGNOSTICS_HOST") or "127.0.0.1"
        settings.diagnostics_token = os.environ.get("UNJAM_PROBE_DIAGNOSTICS_TOKEN") or None
        sample_ms = _env_float("UNJAM_PROBE_PHASE_SAMPLE_MS")
        if sample_ms is not None and sample_ms >= 0:
            settings.phase_sample_ms = sample_ms
        settings.phases = os.environ.get("UNJAM_PROBE_PHASES", "1") not in ("0", "false", "no")
        settings.before_app = os.environ.get("UNJAM_PROBE_BEFORE_APP", "0") in ("1", "true", "yes")
        return settings

    @property
    def beat_interval(self) -> float:
        ms = self.beat_interval_ms or min(20.0, max(2.0, self.threshold_ms / 5.0))
        return ms / 1000.0
