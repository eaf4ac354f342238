"""`run_load`: check the request, split it over worker processes, merge, judge the generator.

One process runs the engine on its own event loop (uvloop when importable). With
`workers=N`, N spawned processes each run a share of the rate (phase-shifted so their
schedules interleave) or of the concurrency; each ships its per-request rows to the parent
in chunks as they finish, and the parent folds them into one `Tally` (and the results
file) — exact, in memory that does not grow with the run. All processes read the same system-wide monotonic clock, so
the parent picks one start instant for everyone.

Before any traffic the target is resolved and one connection is tried: an unknown host or
a refused connection is a one-line `NetworkError` (exit 5), not a report full of errors.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import math
import os
import signal
import socket
import threading
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from hdrh.histogram import HdrHistogram

from unjam.errors import NetworkError, UserError
from unjam.load.engine import Engine, Plan
from unjam.load.limits import RequestShape, check_request
from unjam.load.result import LoadResult, RunInfo, new_histogram
from unjam.load.samples import Samples
from unjam.load.sink import RowSink
from unjam.load.tally import KEEP_ROWS, Tally
from unjam.load.targets import Target, check_target
from unjam.load.wire import Wire, encode_targets

SCHED_LAG_LIMIT_MS = 10.0
LOOP_LAG_LIMIT_MS = 20.0
CPU_SATURATED = 0.95
START_DELAY_NS = 100_000_000
DEFAULT_MAX_CONNECTIONS = 1_000  # open model; vegeta has no cap, 10k conns hurt uvicorn


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


def resolve(url: str, timeout: float) -> tuple[str, int]:
    """host:port of `url` as an address, after one successful connect. Raises NetworkError."""
    parts = urlsplit(url)
    host, port = parts.hostname or "", parts.port or 80
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror:
        raise NetworkError(f"unknown host {host!r} in {url}; check the name") from None
    address = infos[0][4]
    try:
        with socket.create_connection((address[0], address[1]), timeout=min(timeout, 5.0)):
            pass
    except ConnectionRefusedError:
        raise NetworkError(
            f"connection refused by {host}:{port} ({url}); is the server running?"
        ) from None
    except TimeoutError:
        raise NetworkError(f"no answer from {host}:{port} within {min(timeout, 5.0):g}s") from None
    except OSError as err:
        raise NetworkError(f"cannot connect to {host}:{port}: {err.strerror or err}") from None
    return address[0], address[1]


def _split(total: int | None, parts: int, index: int) -> int | None:
    if total is None:
        return None
    return total // parts + (1 if index < total % parts else 0)


def make_plans(shape: RequestShape, late_ms: float) -> list[Plan]:
    """One plan per worker: the rate, concurrency and counts split between them."""
    rate, workers, duration = shape.rate, shape.workers, shape.duration
    plans = []
    for index in range(workers):
        common = dict(
            duration_ns=None if duration is None else round(duration * 1e9),
            requests=_split(shape.requests, workers, index),
            timeout_ns=round(shape.timeout * 1e9),
            late_ns=round(late_ms * 1e6),
            target_offset=index,
            max_connections=max(1, (shape.max_connections or DEFAULT_MAX_CONNECTIONS) // workers),
        )
        if rate is not None:
            per = rate / workers
            conns = shape.connections or max(2, min(64, math.ceil(rate / 200)))
            plans.append(
                Plan(
                    model="open",
                    rate=per,
                    phase_ns=round(index * 1e9 / rate),
                    connections=max(1, (conns + workers - 1 - index) // workers),
                    **common,
                )
            )
        else:
            share = _split(shape.concurrency, workers, index) or 0
            plans.append(Plan(model="closed", concurrency=share, connections=share, **common))
    return [p for p in plans if p.model == "open" or p.concurrency > 0]


def _lag_histogram(values: Any) -> Any:
    """Lags as an HDR histogram (the engine's own, or one filled from a list of values)."""
    from unjam.load.tally import fill_histogram

    if isinstance(values, HdrHistogram):
        return values
    hist = new_histogram()
    fill_histogram(hist, values)
    return hist


def verdict(info: RunInfo, stats: list[dict[str, Any]]) -> None:
    """Fill `info.selfcheck` and decide whether the generator kept its schedule."""
    sched, loop = new_histogram(), new_histogram()
    for s in stats:
        sched.add(_lag_histogram(s["sched_lag"]))
        loop.add(_lag_histogram(s["loop_lag"]))

    def pct(hist: Any, q: float) -> float:
        return hist.get_value_at_percentile(q) / 1e6 if hist.get_total_count() else 0.0

    def most(key: str, hist: Any) -> float:
        exact = [s[key] for s in stats if key in s]
        top = max(exact) if exact else (hist.get_max_value() if hist.get_total_count() else 0)
        return round(top / 1e6, 3)

    cpu = [s["cpu_s"] / s["wall_s"] if s["wall_s"] > 0 else 0.0 for s in stats]
    check = {
        "send_lag_p99_ms": round(pct(sched, 99.0), 3),
        "send_lag_max_ms": most("sched_lag_max", sched),
        "loop_lag_p99_ms": round(pct(loop, 99.0), 3),
        "loop_lag_max_ms": most("loop_lag_max", loop),
        "cpu_per_worker": [round(c, 3) for c in cpu],
        "connections_opened": sum(s["connects"] for s in stats),
        "limits": {
            "send_lag_p99_ms": SCHED_LAG_LIMIT_MS,
            "loop_lag_p99_ms": LOOP_LAG_LIMIT_MS,
            "cpu": CPU_SATURATED,
        },
    }
    info.selfcheck = check
    reasons = []
    if info.model == "open" and check["send_lag_p99_ms"] > SCHED_LAG_LIMIT_MS:
        reasons.append(
            f"it sent behind its schedule (p99 send lag {check['send_lag_p99_ms']:.1f}ms "
            f"> {SCHED_LAG_LIMIT_MS:g}ms)"
        )
    if check["loop_lag_p99_ms"] > LOOP_LAG_LIMIT_MS:
        reasons.append(
            f"its event loop lagged (p99 {check['loop_lag_p99_ms']:.1f}ms > {LOOP_LAG_LIMIT_MS:g}ms)"
        )
    busy = [c for c, s in zip(cpu, stats, strict=True) if s["wall_s"] >= 0.5 and c >= CPU_SATURATED]
    if busy:
        reasons.append(f"its CPU was saturated ({max(busy):.0%} of a core)")
    if reasons:
        info.valid = False
        info.invalid_reason = "; ".join(reasons)


def _stats_dict(engine: Engine) -> dict[str, Any]:
    st = engine.stats
    st.fold_lags()
    return {
        "dropped": st.dropped,
        "late": st.late,
        "sched_lag": st.sched_hist,
        "loop_lag": st.loop_hist,
        "sched_lag_max": st.sched_max,
        "loop_lag_max": st.loop_max,
        "cpu_s": st.cpu_s,
        "wall_s": st.wall_s,
        "connects": st.connects,
        "interrupted": st.interrupted,
    }


# ---------------------------------------------------------------------- in-process run
def _run_inline(
    wire: Wire,
    plan: Plan,
    address: tuple[str, int],
    loop_kind: str,
    on_progress: Callable[[dict], None] | None,
    sink: RowSink,
) -> dict[str, Any]:
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
    stats = _stats_dict(engine)
    stats["start_ns"] = engine.start_ns
    return stats


def _inline_anywhere(run: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """Run inline; from inside a running event loop (async callers), on a helper thread."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return run()
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1, thread_name_prefix="unjam-load") as pool:
        return pool.submit(run).result()


def now_plus(ns: int) -> int:
    return time.perf_counter_ns() + ns


# ---------------------------------------------------------------------- worker processes
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
    stats = _stats_dict(engine)
    stats["sched_lag"] = stats["sched_lag"].encode()
    stats["loop_lag"] = stats["loop_lag"].encode()
    conn.send(("result", stats))
    conn.close()


def _run_workers(
    wire: Wire,
    plans: list[Plan],
    address: tuple[str, int],
    loop_kind: str,
    on_progress: Callable[[dict], None] | None,
    sink: RowSink,
) -> list[dict]:
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


# ---------------------------------------------------------------------- the API
def run_load(
    targets: Sequence[Target],
    *,
    rate: float | None = None,
    concurrency: int | None = None,
    duration: float | None = None,
    requests: int | None = None,
    connections: int | None = None,
    max_connections: int | None = None,
    timeout: float = 30.0,
    workers: int = 1,
    progress: bool | Callable[[dict], None] = False,
    loop: str = "auto",
    late_ms: float = 5.0,
    output: str | Path | None = None,
    hist_bounds: list[int] | None = None,
    keep_rows: int = KEEP_ROWS,
) -> LoadResult:
    """Send load to `targets` (round-robin) and measure it. See docs/load.md.

    Open model when `rate` is given (requests/s; latency from the intended send time),
    closed model when `concurrency` is (default 10 when neither is given). At least one
    of `duration` (seconds) and `requests` bounds the run. Ctrl-C (SIGINT in the main
    thread) ends it early; the result then has `interrupted` set.

    Rows are folded into the result as they finish and, with `output`, appended to that
    results file during the run; `hist_bounds` (ns) makes `hist_counts` exact for them.
    `result.samples` holds every row of runs up to `keep_rows` requests, a thinned
    reservoir of that size beyond.
    """
    targets = list(targets)
    if not targets:
        raise UserError("no targets to load; give a URL, --targets FILE or --openapi")
    for target in targets:
        check_target(target)
    if rate is None:
        concurrency = 10 if concurrency is None else concurrency
    shape = RequestShape(
        rate, concurrency, duration, requests, connections, max_connections, timeout, workers
    )
    check_request(shape)
    wire = encode_targets(targets)
    address = resolve(targets[0].url, timeout)
    workers = min(workers, requests or workers, concurrency or workers)
    plans = make_plans(dataclasses.replace(shape, workers=workers), late_ms)
    on_progress = _progress_callback(progress)
    info = RunInfo(
        model="open" if rate is not None else "closed",
        planned_rate=rate,
        concurrency=concurrency if rate is None else None,
        planned_duration_s=duration,
        planned_requests=requests,
        workers=len(plans),
        connections=connections,
        max_connections=max_connections,
        timeout_s=timeout,
        targets=[t.to_dict() | {"body": ""} for t in targets],
        late_threshold_ms=late_ms,
        loop=_loop_name(loop),
    )
    sink = RowSink(info, output, Tally(hist_bounds, keep_rows), threaded=len(plans) == 1)
    try:
        if len(plans) == 1:
            inline = partial(_run_inline, wire, plans[0], address, loop, on_progress, sink)
            all_stats = [_inline_anywhere(inline)]
        else:
            all_stats = _run_workers(wire, plans, address, loop, on_progress, sink)
    except BaseException:
        sink.abandon()
        raise
    finally:
        if on_progress is not None and hasattr(on_progress, "close"):
            on_progress.close()
    info.dropped = sum(s["dropped"] for s in all_stats)
    info.late = sum(s["late"] for s in all_stats)
    info.interrupted = any(s["interrupted"] for s in all_stats)
    verdict(info, all_stats)
    return LoadResult(info=info, tally=sink.close(info))


def _loop_name(kind: str) -> str:
    if kind == "asyncio":
        return "asyncio"
    try:
        import uvloop  # noqa: F401

        return "uvloop"
    except ImportError:
        return "asyncio"


def _progress_callback(progress: bool | Callable[[dict], None]) -> Any:
    if callable(progress):
        return progress
    if not progress:
        return None
    from unjam.load.progress import ProgressLine

    line = ProgressLine()
    return line if line.enabled else None
