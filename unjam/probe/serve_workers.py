"""`unjam serve --workers N`: uvicorn's worker processes, each probed, seen as one.

uvicorn starts the workers (spawned processes, restarted when one dies); each builds its own
probe from the UNJAM_PROBE_* environment this module sets, and publishes its state to a
directory (`unjam.probe.workers`). This process — uvicorn's supervisor — serves nothing but
the merged view (`unjam.probe.fleet`): the diagnostics endpoint, the JSON at shutdown. The
workers get no diagnostics port and no JSON path of their own: N processes cannot share one
port, and N files would each hold a fraction.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from unjam.probe.workers import DIR_ENV

_WORKER_ONLY_UNSET = (
    "UNJAM_PROBE_JSON",
    "UNJAM_PROBE_DIAGNOSTICS_PORT",
    "UNJAM_PROBE_DIAGNOSTICS_HOST",
    "UNJAM_PROBE_DIAGNOSTICS_TOKEN",
)


@dataclass
class WorkerSettings:
    threshold_ms: float
    phase_sample_ms: float | None
    before_app: bool
    json_path: str | None
    diagnostics_port: int | None
    diagnostics_host: str
    diagnostics_token: str | None


def _worker_environment(settings: WorkerSettings, directory: str) -> None:
    """What each spawned worker's probe reads (`ProbeSettings.from_env`)."""
    for name in _WORKER_ONLY_UNSET:
        os.environ.pop(name, None)
    os.environ["UNJAM_PROBE_THRESHOLD_MS"] = repr(settings.threshold_ms)
    if settings.phase_sample_ms is not None:
        os.environ["UNJAM_PROBE_PHASE_SAMPLE_MS"] = repr(settings.phase_sample_ms)
    os.environ["UNJAM_PROBE_BEFORE_APP"] = "1" if settings.before_app else "0"
    os.environ[DIR_ENV] = directory


def serve_workers(
    settings: WorkerSettings, workers: int, run: Callable[[list[str]], None]
) -> dict[str, Any]:
    """Run `run` (uvicorn with `--workers`) with the merged view served; return the merged
    snapshot taken after the workers stopped (their last writes are in)."""
    from unjam.probe.fleet import FleetView

    given = os.environ.get(DIR_ENV)
    directory = given or tempfile.mkdtemp(prefix="unjam-probe-workers-")
    os.makedirs(directory, exist_ok=True)
    _worker_environment(settings, directory)
    view = FleetView(directory)
    server = None
    if settings.diagnostics_port:
        from unjam.probe.diagnostics import DiagnosticsServer

        server = DiagnosticsServer(
            view,  # type: ignore[arg-type]  # the Probe attributes the endpoint reads
            host=settings.diagnostics_host,
            port=settings.diagnostics_port,
            token=settings.diagnostics_token,
        )
        server.start()
    try:
        run(["--workers", str(workers)])
    finally:
        if server is not None:
            server.stop()
        snapshot = view.snapshot()
        if settings.json_path:
            try:
                view.write_json(settings.json_path)
            except OSError as err:
                print(
                    f"unjam: could not write the probe snapshot to {settings.json_path}: {err}",
                    file=sys.stderr,
                )
        if not given:
            with contextlib.suppress(OSError):
                shutil.rmtree(directory)
    return snapshot
