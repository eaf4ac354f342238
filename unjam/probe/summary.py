"""What `unjam serve` says at start-up (what the probe watches, where to look) and at
shutdown (the stalls by route and line, the thread pool's peak).

A user who starts a server with a probe should not have to know an endpoint exists to learn
what it found: the summary is the probe's answer in a few lines, read from the same snapshot
the JSON file and the diagnostics endpoint give (a worker fleet's merged one included).
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any


def startup_lines(
    *,
    threshold_ms: float,
    phase_sample_ms: float | None,
    diagnostics: str | None,
    json_path: str | None,
    workers: int = 1,
) -> list[str]:
    sample = 50.0 if phase_sample_ms is None else phase_sample_ms
    phases = "every request" if sample == 0 else f"one request every {sample:g} ms"
    who = f"{workers} workers, merged" if workers > 1 else "one process"
    lines = [
        f"unjam: probe on ({who}): event-loop stalls ≥ {threshold_ms:g} ms with route and "
        f"line, thread-pool tokens and waits, request phases ({phases})"
    ]
    if diagnostics:
        lines.append(f"unjam: diagnostics at {diagnostics}/snapshot (also /metrics, POST /reset)")
    else:
        lines.append("unjam: diagnostics endpoint off (--diagnostics-port N to serve /snapshot)")
    if json_path:
        lines.append(f"unjam: the probe's JSON snapshot goes to {json_path} at shutdown")
    return lines


def stall_lines(snapshot: dict[str, Any], limit: int = 5) -> list[str]:
    """'3× GET /sleep — app.py:41 in sleep_endpoint (max 62 ms)', most frequent first."""
    groups: Counter[tuple[str, str]] = Counter()
    longest: dict[tuple[str, str], float] = {}
    for stall in snapshot.get("stalls", []):
        frame = stall.get("blocking_frame") or {}
        path = str(frame.get("path", "?"))
        with_cwd = os.path.relpath(path) if os.path.isabs(path) else path
        shown = with_cwd if not with_cwd.startswith("..") else path
        where = f"{shown}:{frame.get('line', '?')} in {frame.get('function', '?')}"
        key = (stall.get("route") or "(no route)", where)
        groups[key] += 1
        longest[key] = max(longest.get(key, 0.0), float(stall.get("duration_ms", 0.0)))
    return [
        f"{n}× {route} — {where} (max {longest[(route, where)]:.0f} ms)"
        for (route, where), n in groups.most_common(limit)
    ]


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def shutdown_lines(snapshot: dict[str, Any]) -> list[str]:
    routes = snapshot.get("routes", {})
    requests = sum(int(r.get("requests", 0)) for r in routes.values())
    stalls = snapshot.get("stalls", [])
    workers = snapshot.get("workers")
    who = f" across {_count(len(workers), 'worker')}" if workers else ""
    lines = [
        f"unjam: probe summary{who} — {_count(requests, 'request')} on "
        f"{_count(len(routes), 'route')}, {_count(len(stalls), 'event-loop stall')}"
        + (":" if stalls else "")
    ]
    lines += [f"unjam:   {line}" for line in stall_lines(snapshot)]
    pool = snapshot.get("threadpool", {})
    if pool.get("total_tokens"):
        peak = (
            "sum of each worker's peak" if workers else "at once"
        )  # per-worker peaks need not coincide
        wait = pool.get("wait_ms", {})
        lines.append(
            f"unjam: thread pool — peak {pool.get('max_borrowed', 0)} of "
            f"{pool['total_tokens']} tokens borrowed and {pool.get('max_waiting', 0)} calls "
            f"waiting ({peak}); token wait p99 {wait.get('p99', 0):g} ms"
        )
    errors = snapshot.get("probe", {}).get("errors", 0)
    if errors:
        lines.append(
            f"unjam: the probe caught {_count(errors, 'error')} of its own (see its warnings)"
        )
    return lines
