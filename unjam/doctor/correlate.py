"""Join what `unjam check` predicted with what the probe saw under load.

A static finding is a guess until a measurement backs it; a runtime stall is a symptom until
it has a cause. The join key is the source line: a stall's blocking frame (the innermost frame
in the user's own code) matches a finding when it is the finding's own line or any line of its
call chain. Stalls that match nothing are "seen only at runtime" — what the analyzer missed.
Thread-pool findings are confirmed by measured token waiting on their route, per-request
client findings by the measured time of their dependency.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from unjam.doctor.stalls import StallGroup, norm_path

CONFIRMED = "confirmed"
NOT_CONFIRMED = "not confirmed"
NOT_EXERCISED = "not exercised"

# A route "waited for the pool" when a request waited at least this long for a token.
POOL_WAIT_EVIDENCE_MS = 1.0
# A dependency "costs" something when its median time per request is at least this.
DEPENDENCY_EVIDENCE_MS = 1.0

_SPANS: dict[str, list[tuple[int, int]]] = {}


def _statement_spans(path: str) -> list[tuple[int, int]]:
    """(first, last) line of every simple statement and compound-statement header in a file."""
    if path in _SPANS:
        return _SPANS[path]
    spans: list[tuple[int, int]] = []
    try:
        tree = ast.parse(Path(path).read_text(encoding="utf-8", errors="replace"))
    except (OSError, SyntaxError, ValueError):
        tree = None
    for node in ast.walk(tree) if tree is not None else ():
        if not isinstance(node, ast.stmt):
            continue
        end = node.end_lineno or node.lineno
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
            end = max(node.lineno, body[0].lineno - 1)  # a header: `with db.execute(...):`
        spans.append((node.lineno, end))
    _SPANS[path] = spans
    return spans


def statement_lines(path: str, line: int) -> range:
    """The lines of the innermost statement holding `line`: a stall sampled on line 8 of a
    call written over lines 6-8 is the same statement as the finding on line 6."""
    holding = [(a, b) for a, b in _statement_spans(path) if a <= line <= b]
    if not holding:
        return range(line, line + 1)
    first, last = min(holding, key=lambda span: span[1] - span[0])
    return range(first, last + 1)


def _finding_lines(finding: dict) -> tuple[set[tuple[str, int]], set[tuple[str, int]]]:
    own = {(norm_path(finding.get("abs_path")), int(finding.get("line") or 0))}
    chain = {
        (norm_path(step.get("abs_path")), int(step.get("line") or 0)) for step in finding["chain"]
    }
    entry = finding.get("entry") or {}
    chain.add((norm_path(entry.get("abs_path")), int(entry.get("line") or 0)))
    return own, chain


def match_stall(group: StallGroup, findings: list[dict]) -> tuple[dict | None, str | None]:
    """The finding a stall group belongs to, and how it matched; loop findings first."""
    candidates = [f for f in findings if f.get("blocks_loop", True)] + [
        f for f in findings if not f.get("blocks_loop", True)
    ]
    stack_lines = {(norm_path(fr.get("path")), int(fr.get("line") or 0)) for fr in group.stack}
    statement = {(group.path, line) for line in statement_lines(group.path, group.line)}
    for how in ("line", "chain", "stack"):
        hits = []
        for finding in candidates:
            own, chain = _finding_lines(finding)
            if how == "line":
                hit = bool(statement & own)
            elif how == "chain":
                hit = bool(statement & chain)
            else:
                hit = bool(own & stack_lines)
            if hit:
                hits.append(finding)
        if hits:
            same_route = [f for f in hits if (f.get("entry") or {}).get("route") == group.route]
            return (same_route or hits)[0], how
    return None, None


def _dependency_ms(route_stats: dict, entry_name: str) -> float | None:
    """Median ms of the probe's `dep:<name>` phase that matches a finding's entry point."""
    short = entry_name.split(".")[0] if entry_name else ""
    for phase, stats in (route_stats.get("phases_ms") or {}).items():
        if not phase.startswith("dep:"):
            continue
        name = phase[4:]
        if name and (name in (entry_name, short) or name.split(".")[-1] == short):
            return float((stats or {}).get("p50") or 0.0)
    return None


@dataclass
class Correlation:
    groups: list[StallGroup]
    statuses: dict[str, dict]  # finding id -> {"status", "evidence"}


def correlate(
    findings: list[dict],
    stall_groups: list[StallGroup],
    route_runs: dict[str, dict],
) -> Correlation:
    """Match stalls to findings and mark each finding confirmed / not confirmed / not exercised.

    `route_runs` maps each measured route to its measurement (see `measure.py`): its steps
    carry the probe's per-step route stats and thread-pool figures.
    """
    for group in stall_groups:
        finding, how = match_stall(group, findings)
        if finding is not None:
            group.finding_id, group.match = finding["id"], how

    statuses: dict[str, dict] = {}
    for finding in findings:
        fid = finding["id"]
        entry = finding.get("entry") or {}
        route = entry.get("route")
        matched = [g for g in stall_groups if g.finding_id == fid]
        if matched:
            total = sum(g.total_ms for g in matched)
            count = sum(g.count for g in matched)
            where = "at start-up" if all(g.startup for g in matched) else "under load"
            statuses[fid] = {
                "status": CONFIRMED,
                "evidence": f"{count} loop stall(s) {where}, {total:.0f} ms in all, "
                f"blocking at {Path(matched[0].path).name}:{matched[0].line}",
            }
            continue
        runs = [route_runs[route]] if route in route_runs else []
        if route is None and finding.get("code") in ("UJ004", "UJ006"):
            runs = list(route_runs.values())  # app-wide: every measured route exercises it
        if not runs:
            why = (
                "runs only at start-up; no stall was seen there"
                if entry.get("context") == "startup"
                else f"route {route} was not measured"
                if route
                else "not tied to a measured route"
            )
            statuses[fid] = {"status": NOT_EXERCISED, "evidence": why}
            continue
        statuses[fid] = _runtime_evidence(finding, runs)
        frozen = (route_runs.get(route or "") or {}).get("frozen")
        located = any(g.freeze and g.route == route and g.finding_id for g in stall_groups)
        if frozen and not located and statuses[fid]["status"] == NOT_CONFIRMED:
            # The run ended in a freeze at an unknown line: absence of a stall proves nothing.
            statuses[fid] = {
                "status": NOT_EXERCISED,
                "evidence": f"{route} froze the server at {frozen.get('at')} "
                "and the blocking line is unknown: this call may be the cause "
                "(not judged)",
                # a wedged loop: the calls that block it; a wedged pool: those that hold it
                "freeze_candidate": bool(finding.get("blocks_loop"))
                != bool(frozen.get("loop_answered")),
            }
    return Correlation(groups=stall_groups, statuses=statuses)


def _runtime_evidence(finding: dict, runs: list[dict]) -> dict:
    code = finding.get("code")
    entry = finding.get("entry") or {}
    # Steps taken while the server did not answer are no evidence of anything.
    steps = [step for run in runs for step in run.get("steps", []) if not step.get("invalid")]
    requests = sum(step.get("ok", 0) for step in steps)
    if requests == 0:
        frozen = any(run.get("frozen") for run in runs)
        why = "the server froze before" if frozen else "no request of its route succeeded"
        return {"status": NOT_EXERCISED, "evidence": f"{why}; nothing measured to judge by"}
    if code == "UJ004":
        return {
            "status": NOT_CONFIRMED,
            "evidence": f"{requests} requests passed through it; the probe does not time "
            "middleware apart from the rest of the request, so its cost is not isolated",
        }
    pool_like = code in ("UJ005", "UJ006") or entry.get("context") == "thread-pool"
    if code == "UJ003":
        # The dependency's own cost, where nothing queues: the lowest concurrency measured.
        # Under load its time also holds the wait for a thread-pool token and for the loop.
        name = str(entry.get("name") or "")
        timed = [
            (step.get("concurrency") or 0, _dependency_ms(step.get("route_stats") or {}, name))
            for step in steps
            if step.get("phase") == "sweep"
        ]
        timed = [(level, ms) for level, ms in timed if ms is not None]
        if timed:
            level, ms = min(timed)
            if ms >= DEPENDENCY_EVIDENCE_MS:
                return {
                    "status": CONFIRMED,
                    "evidence": f"dependency {name} took {ms:.1f} ms per request (median at "
                    f"{level} concurrent)",
                    "dependency_ms": ms,
                }
    if pool_like or code == "UJ003":
        waits = [
            float(((step.get("route_stats") or {}).get("threadpool_wait_ms") or {}).get("p99") or 0)
            for step in steps
        ]
        max_waiting = max(
            int((step.get("threadpool") or {}).get("max_waiting") or 0) for step in steps
        )
        worst = max(waits) if waits else 0.0
        exhausted = any(
            (step.get("threadpool") or {}).get("max_borrowed", 0)
            >= ((step.get("threadpool") or {}).get("total_tokens") or 40)
            for step in steps
        )
        # Waiting for a token, not just for a thread to be scheduled: the pool ran out.
        if worst >= POOL_WAIT_EVIDENCE_MS and (max_waiting > 0 or exhausted):
            return {
                "status": CONFIRMED,
                "evidence": f"requests waited up to {worst:.0f} ms (p99) for a thread-pool "
                f"token; up to {max_waiting} waiting at once",
                "wait_p99_ms": worst,
            }
        return {
            "status": NOT_CONFIRMED,
            "evidence": f"{requests} requests measured; the pool never ran out of tokens at "
            "the levels tried",
        }
    return {
        "status": NOT_CONFIRMED,
        "evidence": f"{requests} requests measured; no stall at this line or its call chain",
    }
