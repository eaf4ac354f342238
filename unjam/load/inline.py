"""One generator in this process: the engine on its own event loop, Ctrl-C stopping it.

A run with one worker needs no child process: the engine runs here, on a new loop (on a
helper thread when the caller is itself inside a running loop), and its rows go straight
to the sink. Ctrl-C in the main thread stops the engine, which ends the run with what was
measured; the caller's own handler is put back afterwards.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import threading
import time
from collections.abc import Callable
from typing import Any

from unjam.load.engine import Engine, Plan
from unjam.load.loops import new_event_loop
from unjam.load.sink import RowSink
from unjam.load.verdict import engine_stats
from unjam.load.wire import Wire


def run_inline(
    wire: Wire,
    plan: Plan,
    address: tuple[str, int],
    loop_kind: str,
    on_progress: Callable[[dict], None] | None,
    sink: RowSink,
) -> dict[str, Any]:
    """Run `plan` to its end (or Ctrl-C) here; the engine's stats for the verdict."""
    loop = new_event_loop(loop_kind)
    engine = Engine(wire, plan, address=address, on_progress=on_progress, on_rows=sink.add)
    handled = False
    # the caller's own Ctrl-C handler, put back afterwards: a closed uvloop loop leaves its
    # handler installed (swallowing every later Ctrl-C), asyncio's puts back Python's default
    previous = signal.getsignal(signal.SIGINT)
    try:
        asyncio.set_event_loop(loop)
        if threading.current_thread() is threading.main_thread():
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(signal.SIGINT, engine.stop)
                handled = True
        loop.run_until_complete(engine.prepare())
        start = time.perf_counter_ns()
        sink.started(start)
        loop.run_until_complete(engine.run(start))
    finally:
        if handled:
            with contextlib.suppress(Exception):
                loop.remove_signal_handler(signal.SIGINT)
        with contextlib.suppress(Exception):
            loop.run_until_complete(loop.shutdown_asyncgens())
        loop.close()
        asyncio.set_event_loop(None)
        if handled and previous is not None:
            signal.signal(signal.SIGINT, previous)
    stats = engine_stats(engine)
    stats["start_ns"] = engine.start_ns
    return stats


def inline_anywhere(run: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """Run inline; from inside a running event loop (async callers), on a helper thread."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return run()
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1, thread_name_prefix="unjam-load") as pool:
        return pool.submit(run).result()
