"""What one `unjam load` may ask for, checked before any connection is opened.

The limits are what one machine can do, not taste: this engine sends tens of thousands of
requests a second per core, so a rate of a million a second is already beyond any machine
it runs on; a connection is a file descriptor; every finished request keeps a ~50-byte row
in memory. A request past a limit is refused with the limit in the message, instead of
growing without bound (a `--rate 1e9` once grew to 3.85 GB and crashed).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from unjam.errors import UserError
from unjam.options import check_number

MAX_RATE = 1_000_000.0  # requests/s, all workers together
MAX_CONNECTIONS = 10_000  # concurrency, --connections, --max-connections
MAX_REQUESTS = 50_000_000  # ~2.5 GB of per-request rows
MAX_DURATION_S = 24 * 3600.0
MAX_TIMEOUT_S = 3600.0
MIN_TIMEOUT_S = 0.001


def max_workers() -> int:
    return max(4, 4 * (os.cpu_count() or 1))


@dataclass(frozen=True)
class RequestShape:
    """What one run asks for, as given: checked here, split into per-worker plans by
    `runner.make_plans`. Times in seconds, `rate` per second."""

    rate: float | None
    concurrency: int | None
    duration: float | None
    requests: int | None
    connections: int | None
    max_connections: int | None
    timeout: float
    workers: int


def check_request(shape: RequestShape) -> None:
    """Raise a one-line `UserError` (exit 2) for the first value out of bounds."""
    rate, duration = shape.rate, shape.duration
    if rate is not None and shape.concurrency is not None:
        raise UserError("give --rate (open model) or --concurrency (closed model), not both")
    if duration is None and shape.requests is None:
        raise UserError(
            "refusing to start an unbounded run: give --duration (e.g. 10s) or --requests N"
        )
    if rate is not None:
        check_number(rate, "--rate", maximum=MAX_RATE, unit="/s", why="more than one machine sends")
    if duration is not None:
        check_number(duration, "--duration", maximum=MAX_DURATION_S, unit="s")
    check_number(shape.timeout, "--timeout", minimum=MIN_TIMEOUT_S, maximum=MAX_TIMEOUT_S, unit="s")
    for flag, count, limit, why in (
        ("--requests", shape.requests, MAX_REQUESTS, "each result row stays in memory"),
        ("--concurrency", shape.concurrency, MAX_CONNECTIONS, "one connection each"),
        ("--connections", shape.connections, MAX_CONNECTIONS, "one file descriptor each"),
        ("--max-connections", shape.max_connections, MAX_CONNECTIONS, "one file descriptor each"),
        ("--workers", shape.workers, max_workers(), "4 per CPU core"),
    ):
        if count is not None:
            check_number(count, flag, minimum=1, maximum=limit, why=why)
