"""Causes built from loop stalls at one line of one route: a measured per-request cost (a
finding the stalls confirm, or a stall no finding explains), an isolated stall (minor), a
start-up stall, or a library's one-off warm-up cost.

The cost is loop time per request, which caps the route at 1000 / ms requests per second. It
is weighed at the load step where it cost most: a cause that stops a route at 32 concurrent is
not minor because hundreds of requests at level 1 did not contend.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from unjam.doctor.capacity import MINOR_LOOP_MS, human
from unjam.doctor.cause import (
    RUNTIME_ONLY,
    FindingFacts,
    RankedCause,
    RouteFacts,
    StallImpact,
    fmt_ms,
    plausible,
    rounded,
)
from unjam.doctor.correlate import CONFIRMED
from unjam.doctor.stalls import StallGroup
from unjam.probe.blame import known_cause

# Library-internal costs paid once per process, not per request: the pool grows to its token
# count one thread at a time, a module imported at first use loads once. They are warm-up
# costs, reported as a note, never as a cause of a route's capacity.
WARMUP_CAUSES = frozenset({"threadpool_growth", "import"})
STARTUP_WARMUP_FIX = "None needed: start-up pays it once, before the server accepts requests."


@dataclass
class LoopCost:
    """The loop time one line costs its route, as the capacity model can stand behind it."""

    per_request: float | None  # stall ms per measured request (None at start-up)
    upper: float | None  # the endpoint's own time, when it bounds the figure above
    ceiling: float | None  # the rps the cost caps the route at (the range's low end)
    ceiling_high: float | None  # the range's high end, when there is a range
    minor: bool  # isolated stalls: under MINOR_LOOP_MS per request at every level


def loop_cost(
    members: list[StallGroup], route: RouteFacts, startup: bool, route_stall_ms: float
) -> LoopCost:
    total = sum(g.total_ms for g in members)
    # per request: the stalls of the measured steps (the warm-up's are kept, not divided)
    loaded = sum(g.loaded_ms for g in members)
    per_request = loaded / route.requests if route.requests and loaded and not startup else None
    ceiling = 1000.0 / per_request if per_request else None
    # The route's endpoint time bounds the loop time above when this cause is most of the
    # route's stall time (see capacity._endpoint_bound): the figures become a range.
    upper = route.loop_ms_upper
    if not per_request or per_request < MINOR_LOOP_MS or not upper or total < 0.5 * route_stall_ms:
        upper = None
    if not (per_request and upper and plausible(1000.0 / upper, route.measured_rps)):
        upper = None
    if per_request and not plausible(ceiling, route.measured_rps, route.cpu_ceiling_rps):
        ceiling = None  # the route served more than this: stalls overlap other work
    worst = max(g.worst_ms_per_request for g in members)
    minor = not startup and max(per_request or 0.0, worst) < MINOR_LOOP_MS
    if minor:
        ceiling = upper = None  # isolated stalls cap nothing
    if per_request and upper and ceiling:
        return LoopCost(per_request, upper, 1000.0 / upper, ceiling, minor)
    return LoopCost(per_request, upper, ceiling, None, minor)


def loop_cause(
    route_key: str | None,
    members: list[StallGroup],
    finding: FindingFacts | None,
    route: RouteFacts,
    startup: bool,
    route_stall_ms: float,
    fix: str,
) -> RankedCause:
    """Stalls at one line: a confirmed finding when one matched, else seen only at runtime."""
    cost = loop_cost(members, route, startup, route_stall_ms)
    total = sum(g.total_ms for g in members)
    count = sum(g.count for g in members)
    where = finding.where if finding is not None else runtime_where(members[0])
    message = _loop_message(route_key, where, cost, route, startup, total, count)
    evidence = (
        f"{count} stall(s), mean {total / count:.0f} ms, "
        f"max {max(max(g.durations_ms) for g in members):.0f} ms"
        + (f", over {route.requests} requests" if route.requests else "")
    )
    if cost.minor:
        evidence += (
            f"; minor: under {MINOR_LOOP_MS:g} ms per request (an isolated stall: GC, "
            "logging or the OS descheduling the server can cause these)"
        )
    return RankedCause(
        kind="loop",
        minor=cost.minor,
        route=route_key,
        finding=finding.id if finding else None,
        code=finding.code if finding else None,
        status=CONFIRMED if finding else RUNTIME_ONLY,
        path=members[0].path,
        line=members[0].line,
        function=members[0].function,
        message=f"{message}; fix: {fix}",
        evidence=evidence,
        fix=fix,
        impact=StallImpact(
            loop_ms_per_request=rounded(cost.per_request),
            loop_ms_upper=rounded(cost.upper),
            ceiling_rps=rounded(cost.ceiling),
            added_latency_ms=rounded(total / count),
            stall_ms=rounded(total),
        ),
        stack=longest_stack(members),
        startup=startup,
    )


def _loop_message(
    route_key: str | None,
    where: str,
    cost: LoopCost,
    route: RouteFacts,
    startup: bool,
    total: float,
    count: int,
) -> str:
    subject = route_key or ("start-up" if startup else "the app")
    per_request = cost.per_request
    if startup:
        return f"start-up blocks the loop {total:.0f} ms in {where}"
    if not per_request:
        return f"{subject} blocks the loop in {where} ({count} stalls, {total:.0f} ms)"
    figure = f"{fmt_ms(per_request)}-{fmt_ms(cost.upper)}" if cost.upper else fmt_ms(per_request)
    if cost.upper and cost.ceiling and cost.ceiling_high:
        return (
            f"{subject} blocks the loop {figure} ms per request in "
            f"{where}; caps the route at {human(cost.ceiling)}-{human(cost.ceiling_high)} rps"
        )
    if cost.ceiling:
        return (
            f"{subject} blocks the loop {figure} ms per request in {where}; "
            f"caps the route at {human(cost.ceiling)} rps"
        )
    if cost.minor:
        return (
            f"{subject}: {count} isolated stall(s) in {where}, {total / count:.0f} ms each "
            "(under 1 ms per request at every level)"
        )
    return (
        f"{subject} blocks the loop {figure} ms per request in {where} "
        f"(the route still served {human(route.measured_rps)} rps)"
    )


def warmup_cause(
    route_key: str | None, members: list[StallGroup], startup: bool = False
) -> RankedCause | None:
    """A one-off library cost (thread-pool growth, import at first use) as a warm-up note;
    None when the stalls are not one (the caller leaves out matched stalls and the app's own
    start-up stalls)."""
    stack = longest_stack(members)
    known = known_cause(stack)
    if known is None or known.kind not in WARMUP_CAUSES:
        return None
    total = sum(g.total_ms for g in members)
    count = sum(g.count for g in members)
    where = runtime_where(members[0])
    if startup:  # the server accepts no connection before start-up ends: no request waits
        fix = STARTUP_WARMUP_FIX
        message = (
            f"start-up: a one-off cost before the first request: {known.title}, {count} "
            f"stall(s) in {where}, {total:.0f} ms in all; no request waited for it"
        )
    else:
        fix = known.fix
        message = (
            f"{route_key or 'the app'}: warm-up cost, not a per-request one: {known.title}, "
            f"{count} stall(s) in {where}, {total:.0f} ms in all; "
            f"{known.explanation.rstrip('.')}; fix: {fix}"
        )
    return RankedCause(
        kind="warmup",
        minor=True,  # excluded from the ranked causes, the verdict and the diff
        warmup=known.kind,
        route=route_key,
        status=RUNTIME_ONLY,
        path=members[0].path,
        line=members[0].line,
        function=members[0].function,
        message=message,
        evidence=(
            f"{count} stall(s), mean {total / count:.0f} ms, "
            f"max {max(max(g.durations_ms) for g in members):.0f} ms; paid once per process"
        ),
        fix=fix,
        impact=StallImpact(
            loop_ms_per_request=None,
            loop_ms_upper=None,
            ceiling_rps=None,
            added_latency_ms=rounded(total / count),
            stall_ms=rounded(total),
        ),
        stack=stack,
        startup=startup,
    )


def runtime_fix(
    members: list[StallGroup], route_key: str | None, route: RouteFacts, plans: dict | None
) -> str:
    """The fix for a stall no finding explains, from its stack and where it ran."""
    from unjam.doctor.fixes import runtime_fix as fitted_fix
    from unjam.doctor.static import endpoint_for

    group = members[0]
    cpu, loop = route.cpu_ms_per_request, route.loop_ms_per_request
    cpu_bound = bool(cpu and loop and cpu >= 0.7 * loop)
    plan = endpoint_for(route_key, plans) if route_key and plans else None
    in_app = all(g.in_app for g in members)
    return fitted_fix(
        longest_stack(members), group.path, group.line, group.function, plan, cpu_bound, in_app
    )


def runtime_where(group: StallGroup) -> str:
    """`get (app.py:12)`: where a stall no finding explains blocked."""
    return f"{group.function} ({Path(group.path).name}:{group.line})"


def longest_stack(members: list[StallGroup]) -> list[dict]:
    return max((g.stack for g in members), key=len)
