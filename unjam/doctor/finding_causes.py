"""Causes without a loop stall: a static finding with its verdict (confirmed by the measured
time of its dependency or the token waiting on its route, not confirmed, not exercised), and a
route the thread pool limits that no confirmed finding explains.
"""

from __future__ import annotations

from unjam.doctor.capacity import human
from unjam.doctor.cause import (
    RUNTIME_ONLY,
    FindingFacts,
    Impact,
    RankedCause,
    RouteFacts,
    fmt_ms,
    plausible,
    rounded,
)
from unjam.doctor.correlate import CONFIRMED

POOL_FIX = (
    "do not hold a token while waiting: make the endpoint `async def` and await an async "
    "client (or asyncio.sleep); if the work must stay sync, raise the limiter in lifespan "
    "(anyio.to_thread.current_default_thread_limiter().total_tokens = N) — more threads cost "
    "memory and GIL contention"
)
# Findings whose confirmation already explains a route limited by the thread pool.
POOL_CODES = ("UJ003", "UJ005", "UJ006")


def finding_causes(
    findings: list[FindingFacts], routes: dict[str, RouteFacts], looped: set[str]
) -> list[RankedCause]:
    """One cause per finding that no stall confirmed (those are loop causes already)."""
    causes = []
    measured_at: dict[tuple, str] = {}  # (route, dependency) -> the first finding's place
    for finding in findings:
        if finding.id in looped:
            continue
        shared = (finding.route, finding.entry_name)
        causes.append(finding_cause(finding, routes, measured_at.get(shared)))
        if finding.confirmed and finding.dependency_ms is not None and shared not in measured_at:
            measured_at[shared] = finding.place
    return causes


def finding_cause(
    finding: FindingFacts, routes: dict[str, RouteFacts], same_as: str | None
) -> RankedCause:
    """A finding and what was measured of it; `same_as` names another finding of the same
    dependency whose measurement this one shares (one measurement, counted once)."""
    route = routes.get(finding.route or "") or RouteFacts()
    impact = Impact()
    evidence = finding.evidence
    if finding.confirmed and same_as is not None:
        evidence += f" (the same measurement as {same_as})"
    elif finding.confirmed:
        route = _measure(finding, route, routes, impact)
    message = f"{finding.route or 'the app'}: {finding.message}"
    if impact.ceiling_rps and not plausible(
        impact.ceiling_rps, route.measured_rps, route.cpu_ceiling_rps
    ):
        impact.ceiling_rps = None  # not what limits the route (it served more, or the
        # server's CPU caps it well below)
    message += _measured_words(finding, impact, route)
    return RankedCause(
        kind=finding.kind or "finding",
        route=finding.route,
        finding=finding.id,
        code=finding.code,
        status=finding.status,
        path=finding.path,
        line=finding.line,
        function=finding.where,
        message=f"{message}; fix: {finding.fix_text}",
        evidence=evidence,
        fix=finding.fix_text,
        impact=impact,
        severity=finding.severity,
    )


def _measure(
    finding: FindingFacts, route: RouteFacts, routes: dict[str, RouteFacts], impact: Impact
) -> RouteFacts:
    """Fill in a confirmed finding's measured cost; returns the route whose figures judge it
    (a thread-pool finding outside any route is judged on the route the pool limits most)."""
    dependency = finding.dependency_ms
    if dependency is not None:
        impact.added_latency_ms = rounded(dependency)
        tokens = 1 if finding.entry_context == "event-loop" else route.total_tokens
        impact.ceiling_rps = rounded(tokens * 1000.0 / dependency)
    else:
        impact.ceiling_rps = route.pool_ceiling_rps
        impact.added_latency_ms = rounded(finding.wait_p99_ms)
    if finding.code == "UJ006" and finding.route is None:
        pools = [r for r in routes.values() if r.pool_ceiling_rps]
        if pools:
            route = min(pools, key=lambda r: r.pool_ceiling_rps or 0.0)
            impact.ceiling_rps = route.pool_ceiling_rps
    return route


def _measured_words(finding: FindingFacts, impact: Impact, route: RouteFacts) -> str:
    if impact.added_latency_ms and finding.dependency_ms is not None:
        where = "on the loop" if finding.entry_context == "event-loop" else "holding a token"
        words = f"; measured: {fmt_ms(impact.added_latency_ms)} ms per request {where}"
        if impact.ceiling_rps:
            return words + f", which caps the route at {human(impact.ceiling_rps)} rps"
        if route.measured_rps:
            return words + f" (the route still served {human(route.measured_rps)} rps)"
        return words
    if impact.ceiling_rps:
        return f"; measured: caps it at {human(impact.ceiling_rps)} rps"
    return ""


def pool_causes(
    causes: list[RankedCause], routes: dict[str, RouteFacts], endpoints: dict[str, dict]
) -> list[RankedCause]:
    """A route the thread pool limits, measured, that no confirmed finding explains yet.

    The analyzer does not flag every sync endpoint that holds a token (a `def` endpoint that
    sleeps is legal code); the measurement does: tokens busy, requests queueing for one, and a
    pool ceiling that matches the measured one.
    """
    explained = {
        cause.route for cause in causes if cause.status == CONFIRMED and cause.code in POOL_CODES
    }
    return [
        pool_cause(key, route, endpoints)
        for key, route in routes.items()
        if key not in explained
        and route.limit == "thread pool"
        and (route.explains or route.max_waiting)
    ]


def pool_cause(key: str, route: RouteFacts, endpoints: dict[str, dict]) -> RankedCause:
    from unjam.doctor.static import endpoint_for

    wait_ms, level = route.worst_token_wait
    where = endpoint_for(key, endpoints) or {}
    ceiling = route.pool_ceiling_rps
    message = (
        f"{key} holds {route.tokens_per_request or 1} thread-pool token(s) "
        f"{route.thread_ms_per_request or 0:.0f} ms per request"
        + (f" in {where['function']}" if where else "")
        + f"; {route.total_tokens} tokens cap the route at {human(ceiling)} rps"
    )
    if wait_ms >= 1.0:
        message += f"; at {level} concurrent, requests waited up to {wait_ms:.0f} ms for a token"
    return RankedCause(
        kind="threadpool",
        route=key,
        status=RUNTIME_ONLY,
        path=where.get("path"),
        line=where.get("line"),
        function=where.get("function") or "thread pool",
        message=f"{message}; fix: {POOL_FIX}",
        evidence=f"up to {route.max_waiting} requests waiting for a token; {route.explanation}",
        fix=POOL_FIX,
        impact=Impact(ceiling_rps=ceiling, added_latency_ms=rounded(wait_ms)),
    )
