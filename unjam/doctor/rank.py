"""Rank causes by what they cost, as measured: the ceiling each imposes and the latency it adds.

Every cause becomes one record (`cause.RankedCause`), built by the builder of its kind: a
freeze (`freeze_cause`), the stalls at one line — a confirmed finding, a stall no finding
explains ("seen only at runtime"), an isolated stall or a warm-up note (`loop_causes`) — a
finding without stalls, or a route the thread pool limits (`finding_causes`). Freezes come
first; then causes with a measured cost, ordered by the lowest throughput ceiling they impose
(a loop blocked 180 ms per request caps the route at 5.5 rps whatever else happens), then by
added latency. Findings without a measurement follow, by severity.
"""

from __future__ import annotations

import math

from unjam.doctor.cause import RUNTIME_ONLY, FindingFacts, FreezeImpact, RankedCause, RouteFacts
from unjam.doctor.correlate import CONFIRMED
from unjam.doctor.finding_causes import finding_causes, pool_causes
from unjam.doctor.freeze_cause import freeze_cause
from unjam.doctor.loop_causes import loop_cause, runtime_fix, runtime_where, warmup_cause
from unjam.doctor.stalls import StallGroup

SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


def rank(
    findings: list[dict],
    statuses: dict[str, dict],
    groups: list[StallGroup],
    route_runs: dict[str, dict],
    capacities: dict[str, dict],
    endpoints: dict[str, dict] | None = None,
    plans: dict | None = None,
) -> list[RankedCause]:
    """Every cause, numbered from the costliest (`rank` 1)."""
    facts = [FindingFacts.read(f, statuses.get(f["id"], {})) for f in findings]
    routes = {key: RouteFacts.read(route_runs.get(key), cap) for key, cap in capacities.items()}
    causes = stall_causes(facts, groups, route_runs, routes, plans)
    looped = {cause.finding for cause in causes if cause.finding}
    causes += finding_causes(facts, routes, looped)
    causes += pool_causes(causes, routes, endpoints or {})
    causes.sort(key=_order)
    for number, cause in enumerate(causes, start=1):
        cause.rank = number
    return causes


def stall_causes(
    findings: list[FindingFacts],
    groups: list[StallGroup],
    route_runs: dict[str, dict],
    routes: dict[str, RouteFacts],
    plans: dict | None,
) -> list[RankedCause]:
    """One cause per route and finding for matched stalls, per route and line for the rest."""
    by_id = {f.id: f for f in findings}
    causes = []
    for (key, _, startup), members in _by_cause(groups).items():
        route = routes.get(key or "") or RouteFacts.read(route_runs.get(key or ""), None)
        finding = by_id.get(members[0].finding_id or "")
        if members[0].freeze:
            where = finding.where if finding else runtime_where(members[0])
            suspects = [
                f"{f.place} ({f.blocker})"
                for f in findings
                if f.freeze_candidate and f.route == key
            ]
            causes.append(freeze_cause(key, members[0], finding, where, suspects))
            continue
        # A start-up stall in the app's own code is its start-up cost (UJ002's kind); one
        # inside a library (an import it defers to its first call) is paid once, like warm-up.
        library_only = not any(g.in_app for g in members)
        warmup = (
            warmup_cause(key, members, startup)
            if finding is None and (library_only or not startup)
            else None
        )
        if warmup is not None:
            causes.append(warmup)
            continue
        fix = finding.fix_text if finding else runtime_fix(members, key, route, plans)
        stalled = _route_stall_ms(groups, key)
        causes.append(loop_cause(key, members, finding, route, startup, stalled, fix))
    return causes


def _by_cause(groups: list[StallGroup]) -> dict[tuple, list[StallGroup]]:
    """Stall groups by (route, finding or line, start-up): one cause each."""
    causes: dict[tuple, list[StallGroup]] = {}
    for group in groups:
        key = (group.route, group.finding_id or f"{group.path}:{group.line}", group.startup)
        causes.setdefault(key, []).append(group)
    return causes


def _route_stall_ms(groups: list[StallGroup], route: str | None) -> float:
    """All the stall time the route's load steps saw (start-up's left out)."""
    total = 0.0
    for group in groups:
        if not group.startup and group.route == route:
            total += group.total_ms
    return total


def _order(cause: RankedCause) -> tuple:
    """Freezes first (the lowest concurrency first); then measured costs by ceiling and added
    latency; then confirmed findings without a figure; the rest by severity; minor last."""
    impact = cause.impact
    if cause.kind == "freeze":  # a route that stops the server outranks any ceiling
        froze_at = impact.froze_at_concurrency if isinstance(impact, FreezeImpact) else None
        level = froze_at or 10**6  # the lower, the worse
        return (-1, level, 0.0, 0, str(cause.route), cause.line or 0)
    measured = (
        cause.status in (CONFIRMED, RUNTIME_ONLY)
        and not cause.minor
        and (impact.ceiling_rps or impact.added_latency_ms)
    )
    if measured:
        tier = 0
    elif cause.status == CONFIRMED and not cause.minor:
        tier = 1
    else:
        tier = 3 if cause.minor else 2
    return (
        tier,
        impact.ceiling_rps or math.inf,
        -(impact.added_latency_ms or 0.0),
        SEVERITY_ORDER.get(cause.severity or "error", 3),
        str(cause.path),
        cause.line or 0,
    )
