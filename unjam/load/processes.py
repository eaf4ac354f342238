"""Several generators: one child process per plan, their rows folded here as they come.

Each worker process builds its engine, says it is ready, and waits for the parent's start
instant (all processes read the same system-wide monotonic clock, so one instant a little
ahead starts everyone together). It ships its per-request rows in chunks as they finish and
its engine's stats at the end; the parent folds the rows into the sink while the run goes
on, so memory does not grow with the run. Ctrl-C is the parent's alone: it tells the
workers to stop, and they end their runs as an interrupted inline run would.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import threading
import time
from collections.abc import Callable
from typing import Any

from hdrh.histogram import HdrHistogram

from unjam.errors import UserError
from unjam.load.engine import Engine, Plan
from unjam.load.loops import new_event_loop
from unjam.load.samples import Samples
from unjam.load.sink import RowSink
from unjam.load.verdict import engine_stats
from unjam.load.wire import Wire

START_DELAY_NS = 100_000_000


def now_plus(ns: int) -> int:
    return time.perf_counter_ns() + ns


def _worker_main(
    conn: Any,
    stop_event: Any,
    wire: Wire,
    plan: Plan,
    address: tuple[str, int],
    loop_kind: str,
) -> None:
    """Entry point of a worker process: run the plan when told, ship rows as they finish."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop
    loop = new_event_loop(loop_kind)
    asyncio.set_event_loop(loop)

    def progress(snapshot: dict) -> None:
        with contextlib.suppress(Exception):
            conn.send(("progress", snapshot))

    def rows(chunk: Samples) -> None:
        conn.send(("rows", chunk.to_wire()))

    engine = Engine(wire, plan, address=address, on_progress=progress, on_rows=rows)
    loop.run_until_complete(engine.prepare())
    conn.send(("ready", None))
    kind, start_ns = conn.recv()
    if kind != "go":
        return

    async def watch_stop() -> None:
        while not stop_event.is_set():
            await asyncio.sleep(0.05)
        engine.stop()

    async def main() -> None:
        watcher = asyncio.get_running_loop().create_task(watch_stop())
        try:
            await engine.run(start_ns)
        finally:
            watcher.cancel()

    try:
        loop.run_until_complete(main())
    finally:
        loop.close()
    stats = engine_stats(engine)
    stats["sched_lag"] = stats["sched_lag"].encode()
    stats["loop_lag"] = stats["loop_lag"].encode()
    conn.send(("result", stats))
    conn.close()


def run_workers(
    wire: Wire,
    plans: list[Plan],
    address: tuple[str, int],
    loop_kind: str,
    on_progress: Callable[[dict], None] | None,
    sink: RowSink,
) -> list[dict]:
    """Run each plan in its own process, all starting together; their engines' stats."""
    import multiprocessing as mp

    # fork: workers inherit the parsed targets and need no importable __main__ (scripts
    # calling run_load without a main guard keep working); spawn where fork is missing.
    ctx = mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")
    pipes, procs = [], []
    stop_event = ctx.Event()
    for plan in plans:
        parent, child = ctx.Pipe()
        proc = ctx.Process(
            target=_worker_main,
            args=(child, stop_event, wire, plan, address, loop_kind),
            daemon=True,
        )
        proc.start()
        child.close()
        pipes.append(parent)
        procs.append(proc)
    results: list[Any] = [None] * len(plans)
    snapshots: dict[int, dict] = {}
    previous = _stop_on_sigint(stop_event)
    try:
        for pipe in pipes:
            try:
                kind, _ = pipe.recv()
            except EOFError:
                kind = "died"
            if kind != "ready":
                raise UserError("a load worker failed to start; try --workers 1")
        start = now_plus(START_DELAY_NS)
        sink.started(start)
        for pipe in pipes:
            pipe.send(("go", start))
        while any(r is None for r in results):
            _collect(pipes, results, snapshots, on_progress, sink)
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
        for proc in procs:
            proc.join(timeout=5)
            if proc.is_alive():
                with contextlib.suppress(ProcessLookupError):
                    os.kill(proc.pid, signal.SIGKILL)
    for st in results:
        for key in ("sched_lag", "loop_lag"):
            st[key] = HdrHistogram.decode(st[key])
        st["start_ns"] = start
    return results


def _stop_on_sigint(stop_event: Any) -> Any:
    """Ctrl-C in the parent tells the workers to stop (instead of raising mid-fold, which
    would leave the tally half-updated); returns the handler to restore, if any."""
    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGINT, lambda _signum, _frame: stop_event.set())


def _collect(
    pipes: list[Any], results: list[Any], snapshots: dict, on_progress: Any, sink: RowSink
) -> None:
    from multiprocessing.connection import wait

    ready = wait([p for p, r in zip(pipes, results, strict=True) if r is None], timeout=0.25)
    for pipe in ready:
        index = pipes.index(pipe)
        try:
            kind, payload = pipe.recv()
        except EOFError:
            raise UserError(f"load worker {index} died; run with --workers 1 to see why") from None
        if kind == "rows":
            sink.add(Samples.from_wire(payload))
        elif kind == "result":
            results[index] = payload
        elif kind == "progress":
            snapshots[index] = payload
            if on_progress is not None and snapshots:
                on_progress(_combine(snapshots.values()))


def _combine(snaps: Any) -> dict:
    snaps = list(snaps)
    return {
        "elapsed_s": max(s["elapsed_s"] for s in snaps),
        "done": sum(s["done"] for s in snaps),
        "errors": sum(s["errors"] for s in snaps),
        "p99_ns": max(s["p99_ns"] for s in snaps),
        "inflight": sum(s["inflight"] for s in snaps),
    }
