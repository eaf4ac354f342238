"""Attaching the probe to a running event loop: the heartbeat on it, the threads beside it.

The loop an app runs on is known only once it runs, so the middleware attaches the probe at
the app's startup (or its first request on a new loop): the heartbeat goes on that loop,
and the watchdog thread, the diagnostics endpoint and a worker's state exporter start once
for the probe's life. The thread limiter anyio uses by default is looked up here too, for
the thread-pool meter.
"""

from __future__ import annotations

import asyncio
import threading
from typing import TYPE_CHECKING

from unjam.probe.heartbeat import Deadline, Heartbeat
from unjam.probe.watchdog import Watchdog

if TYPE_CHECKING:
    from unjam.probe.core import Probe


def attach(probe: Probe, loop: asyncio.AbstractEventLoop) -> None:
    """Start `probe`'s heartbeat on `loop` (the running one), and its threads if not yet."""
    with probe.attach_lock:
        if probe.watchdog is None:  # one for the probe's life, like its watchdog thread
            probe.deadline = Deadline.create()
        probe.loop = loop
        probe.loop_thread_id = threading.get_ident()
        module = type(loop).__module__
        probe.loop_kind = "uvloop" if module.startswith("uvloop") else "asyncio"
        try:
            import anyio.to_thread

            probe.limiter = anyio.to_thread.current_default_thread_limiter()
            probe.threadpool.total_tokens = int(probe.limiter.total_tokens)
        except Exception as exc:
            probe.limiter = None
            probe.count_error("threadpool limiter lookup", exc)
        if probe.heartbeat is not None:
            probe.heartbeat.stop()
        probe.heartbeat = Heartbeat(probe, loop, probe.settings.beat_interval)
        probe.heartbeat.start()
        if probe.watchdog is None or not probe.watchdog.is_alive():
            probe.watchdog = Watchdog(probe)
            probe.watchdog.start()
    if probe.settings.diagnostics_port and probe.diagnostics is None:
        _start_diagnostics(probe)
    if getattr(probe, "exporter", None) is None:  # several workers: see probe/workers.py
        from unjam.probe.workers import start_exporter

        probe.exporter = start_exporter(probe) or False


def _start_diagnostics(probe: Probe) -> None:
    from unjam.probe.diagnostics import DiagnosticsServer

    if probe.diagnostics is not None:
        return
    settings = probe.settings
    try:
        probe.diagnostics = DiagnosticsServer(
            probe,
            host=settings.diagnostics_host,
            port=int(settings.diagnostics_port or 0),
            token=settings.diagnostics_token,
        )
        probe.diagnostics.start()
    except Exception as exc:
        probe.diagnostics = None
        probe.count_error("diagnostics endpoint", exc)
