"""`run_load`: check the request, split it over worker processes, merge, judge the generator.

One process runs the engine on its own event loop (uvloop when importable). With
`workers=N`, N spawned processes each run a share of the rate (phase-shifted so their
schedules interleave) or of the concurrency; each ships its per-request rows to the parent
in chunks as they finish, and the parent folds them into one `Tally` (and the results
file) — exact, in memory that does not grow with the run. All processes read the same system-wide monotonic clock, so
the parent picks one start instant for everyone.

Before any traffic the target is resolved and one connection is tried: an unknown host or
a refused connection is a one-line `NetworkError` (exit 5), not a report full of errors.

The run itself is inline.py (one process) or processes.py (workers); verdict.py judges
the generator, loops.py picks its event loop.
"""

from __future__ import annotations

import dataclasses
import math
import socket
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from unjam.errors import NetworkError, UserError
from unjam.load.engine import Plan
from unjam.load.inline import inline_anywhere, run_inline
from unjam.load.limits import RequestShape, check_request
from unjam.load.loops import loop_name
from unjam.load.processes import run_workers
from unjam.load.result import LoadResult, RunInfo
from unjam.load.sink import RowSink
from unjam.load.tally import KEEP_ROWS, Tally
from unjam.load.targets import Target, check_target
from unjam.load.verdict import verdict
from unjam.load.wire import encode_targets

DEFAULT_MAX_CONNECTIONS = 1_000  # open model; vegeta has no cap, 10k conns hurt uvicorn


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
        loop=loop_name(loop),
    )
    sink = RowSink(info, output, Tally(hist_bounds, keep_rows), threaded=len(plans) == 1)
    try:
        if len(plans) == 1:
            inline = partial(run_inline, wire, plans[0], address, loop, on_progress, sink)
            all_stats = [inline_anywhere(inline)]
        else:
            all_stats = run_workers(wire, plans, address, loop, on_progress, sink)
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


def _progress_callback(progress: bool | Callable[[dict], None]) -> Any:
    if callable(progress):
        return progress
    if not progress:
        return None
    from unjam.load.progress import ProgressLine

    line = ProgressLine()
    return line if line.enabled else None
