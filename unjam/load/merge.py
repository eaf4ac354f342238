"""Several generators, one report: merge results files, and start generators together.

Load from one machine tops out at what that machine can send, so a big test runs
`unjam load -o` on several hosts. Their results files keep every request, so merging them is
exact, like `vegeta report a.bin b.bin`: the rows of all files, streamed onto one time axis
and folded into one tally (HDR histograms, status counts, time range) — the report a single
generator sending all of it would have printed, in constant memory. Each file's times are relative to its own
attack start; its header holds that start as wall-clock time (`started_at_unix_ns`), which
places the files on one axis (as well as the hosts' clocks agree: NTP keeps them within a
few milliseconds).

`--start-at` makes the generators begin together: each waits for the same wall-clock time.
"""

from __future__ import annotations

import json
import re
import time
from array import array
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from unjam.errors import UserError
from unjam.load.result import LoadResult, RunInfo
from unjam.load.results_file import ResultsFile, read_results
from unjam.load.samples import Samples
from unjam.load.tally import PLOT_ROWS, Tally

MAX_WAIT_S = 24 * 3600.0


def merge_files(paths: Sequence[str | Path], hist_bounds: list[int] | None = None) -> LoadResult:
    """One result holding every request of the files, on the earliest file's time axis.

    Each file is streamed through once, its rows shifted onto the common axis and folded
    into one `Tally`, so merging takes constant memory however large the files are."""
    sources = [ResultsFile(path) for path in paths]
    starts = [source.start() for source in sources]  # a bad file is told before any work
    if len(sources) == 1:
        return read_results(paths[0], hist_bounds, PLOT_ROWS)
    base = min(info.started_at_unix_ns for info in starts)
    targets: list[dict] = []
    target_index: dict[str, int] = {}
    tally = Tally(hist_bounds, PLOT_ROWS)
    for source, start in zip(sources, starts, strict=True):
        remap = []
        for target in start.targets:
            key = json.dumps(target, sort_keys=True)
            if key not in target_index:
                target_index[key] = len(targets)
                targets.append(target)
            remap.append(target_index[key])
        shift = start.started_at_unix_ns - base
        for chunk in source.chunks():
            tally.add(_shifted(chunk, shift, remap))
    info = _merged_info([source.info for source in sources], targets, base)
    return LoadResult(info=info, tally=tally)


def _shifted(chunk: Samples, shift_ns: int, remap: list[int]) -> Samples:
    if shift_ns:
        for name in ("intended", "sent", "done"):
            column = getattr(chunk, name)
            setattr(chunk, name, array(column.typecode, (v + shift_ns for v in column)))
    if any(index != t for index, t in enumerate(remap)):
        chunk.target = array(
            chunk.target.typecode, (remap[t] if t < len(remap) else t for t in chunk.target)
        )
    return chunk


def _merged_info(infos: list[RunInfo], targets: list[dict], base_ns: int) -> RunInfo:
    models = {info.model for info in infos}
    open_model = models == {"open"}
    rates = [info.planned_rate or 0.0 for info in infos]
    reasons = [info.invalid_reason for info in infos if not info.valid and info.invalid_reason]
    durations = [info.planned_duration_s for info in infos if info.planned_duration_s]
    return RunInfo(
        model=infos[0].model if len(models) == 1 else "mixed",
        planned_rate=sum(rates) if open_model else None,
        concurrency=sum(info.concurrency or 0 for info in infos) if models == {"closed"} else None,
        planned_duration_s=max(durations) if durations else None,
        planned_requests=(
            sum(info.planned_requests or 0 for info in infos)
            if all(info.planned_requests for info in infos)
            else None
        ),
        workers=sum(info.workers for info in infos),
        timeout_s=max(info.timeout_s for info in infos),
        started_at_unix_ns=base_ns,
        targets=targets,
        dropped=sum(info.dropped for info in infos),
        late=sum(info.late for info in infos),
        late_threshold_ms=infos[0].late_threshold_ms,
        interrupted=any(info.interrupted for info in infos),
        selfcheck={"generators": len(infos)},
        valid=all(info.valid for info in infos),
        invalid_reason="; ".join(reasons) or None,
        loop=infos[0].loop,
    )


_RELATIVE = re.compile(r"^\+(.+)$")


def parse_start_at(text: str, now: float | None = None) -> float:
    """`--start-at` → Unix time in seconds: RFC 3339 (`2026-11-25T14:00:00Z`, with an
    offset or naive = UTC) or `+DURATION` from now (`+5s`, `+1m`)."""
    from unjam.load.gofmt import parse_duration

    now = time.time() if now is None else now
    relative = _RELATIVE.match(text.strip())
    try:
        if relative:
            seconds = parse_duration(relative.group(1))
            if seconds < 0:
                raise ValueError
            return now + seconds
        stamp = datetime.fromisoformat(text.strip().replace("z", "Z"))
    except ValueError:
        raise UserError(
            f"--start-at: {text!r} is not a time; give RFC 3339 "
            "(e.g. 2026-11-25T14:00:00Z) or +DURATION (e.g. +10s)"
        ) from None
    if stamp.tzinfo is None:
        stamp = stamp.replace(tzinfo=UTC)
    at = stamp.timestamp()
    if at - now > MAX_WAIT_S:
        raise UserError(f"--start-at: {text!r} is more than 24 hours away")
    return at


def wait_until(at: float, announce: bool = True) -> None:
    """Sleep until Unix time `at` (Ctrl-C interrupts: KeyboardInterrupt, exit 130)."""
    import sys

    remaining = at - time.time()
    if remaining <= 0:
        if announce and remaining < -1.0:
            print(f"unjam: --start-at was {-remaining:.1f}s ago; starting now", file=sys.stderr)
        return
    if announce:
        when = datetime.fromtimestamp(at, tz=UTC).isoformat(timespec="milliseconds")
        print(f"unjam: waiting {remaining:.1f}s to start at {when}", file=sys.stderr)
    while (remaining := at - time.time()) > 0:
        time.sleep(min(remaining, 0.2))
