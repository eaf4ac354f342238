"""Rank causes by what they cost, as measured: the ceiling each imposes and the latency it adds.

Every cause becomes one item: a confirmed static finding (with the stalls or the pool waiting
that confirmed it), or a stall group no finding explains ("seen only at runtime"). Items with a
measured cost come first, ordered by the lowest throughput ceiling they impose (a loop blocked
180 ms per request caps the route at 5.5 rps whatever else happens), then by added latency.
Findings without a measurement follow, by severity.
"""

from __future__ import annotations

import math
from pathlib import Path

from unjam.doctor.capacity import MINOR_LOOP_MS, NOISE, human
from unjam.doctor.correlate import CONFIRMED, StallGroup
from unjam.probe.blame import known_cause

# Library-internal costs paid once per process, not per request: the pool grows to its token
# count one thread at a time, a module imported at first use loads once. They are warm-up
# costs, reported as a note, never as a cause of a route's capacity.
WARMUP_CAUSES = frozenset({"threadpool_growth", "import"})

SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}
# A loop cause costing less than MINOR_LOOP_MS per request is reported but not ranked as
# measured: an isolated stall (a GC pause, a log write, the OS descheduling the server) is not
# a per-request cost.
RUNTIME_ONLY_FIX = (
    "move the blocking call off the event loop: use an async client, make the endpoint a "
    "plain `def`, or `await run_in_threadpool(...)` / `anyio.to_thread.run_sync(...)`"
)


def _where(finding: dict | None, group: StallGroup | None) -> str:
    """`Producer.send_message → boto3 send_message`: the last user function and the blocker."""
    if finding is not None:
        blocker = finding.get("blocker") or ""
        chain = [step for step in finding.get("chain") or [] if step.get("name") != blocker]
        last = chain[-1]["name"] if chain else (finding.get("entry") or {}).get("name", "?")
        return f"{last} → {blocker}" if blocker and blocker != last else str(last)
    if group is not None:
        return f"{group.function} ({Path(group.path).name}:{group.line})"
    return "?"


def _fix(finding: dict | None) -> str:
    if finding and finding.get("fix"):
        return str(finding["fix"])
    return RUNTIME_ONLY_FIX


def _requests(route_runs: dict[str, dict], route: str | None) -> int:
    run = route_runs.get(route or "")
    if run is None:
        return 0
    return sum(s.get("requests", 0) for s in run.get("steps", []) if s.get("phase") != "warmup")


def rank(
    findings: list[dict],
    statuses: dict[str, dict],
    groups: list[StallGroup],
    route_runs: dict[str, dict],
    capacities: dict[str, dict],
    endpoints: dict[str, dict] | None = None,
    plans: dict | None = None,
) -> list[dict]:
    by_id = {f["id"]: f for f in findings}
    items: list[dict] = []

    # Loop items: one per (route, finding) for matched stalls, one per runtime-only group.
    loop_keys: dict[tuple, list[StallGroup]] = {}
    for group in groups:
        key = (group.route, group.finding_id or f"{group.path}:{group.line}", group.startup)
        loop_keys.setdefault(key, []).append(group)
    route_stall_ms: dict[str | None, float] = {}
    for group in groups:
        if not group.startup:
            route_stall_ms[group.route] = route_stall_ms.get(group.route, 0.0) + group.total_ms
    for (route, _, startup), members in loop_keys.items():
        finding = by_id.get(members[0].finding_id or "")
        total = sum(g.total_ms for g in members)
        count = sum(g.count for g in members)
        requests = _requests(route_runs, route)
        # per request: the stalls of the measured steps (the warm-up's are kept, not divided)
        loaded = sum(g.loaded_ms for g in members)
        per_request = loaded / requests if requests and loaded and not startup else None
        ceiling = 1000.0 / per_request if per_request else None
        # The route's endpoint time bounds the loop time above when this cause is most of the
        # route's stall time (see capacity._endpoint_bound): the figures become a range.
        upper = (capacities.get(route or "") or {}).get("loop_ms_upper")
        if (
            not per_request
            or per_request < MINOR_LOOP_MS
            or not upper
            or total < 0.5 * route_stall_ms.get(route, 0.0)
        ):
            upper = None
        where = _where(finding, members[0])
        subject = route or ("start-up" if startup else "the app")
        freeze = members[0].freeze
        if freeze:
            suspects = [
                f"{Path(f.get('abs_path') or '?').name}:{f.get('line')} ({f.get('blocker')})"
                for f in findings
                if statuses.get(f["id"], {}).get("freeze_candidate")
                and (f.get("entry") or {}).get("route") == route
            ]
            items.append(_freeze_item(route, freeze, members[0], finding, where, suspects))
            continue
        warmup = _warmup_item(route, members, finding, where, startup)
        if warmup is not None:
            items.append(warmup)
            continue
        measured = (capacities.get(route or "") or {}).get("measured_rps")
        if per_request and upper and _plausible(1000.0 / upper, measured):
            per_request_text = f"{_ms(per_request)}-{_ms(upper)}"
        else:
            upper = None
            per_request_text = _ms(per_request or 0.0)
        if per_request and not _plausible(
            ceiling, measured, (capacities.get(route or "") or {}).get("cpu_ceiling_rps")
        ):
            ceiling = None  # the route served more than this: stalls overlap other work
        # Weighed at the level where it cost most: a cause that stops a route at 32
        # concurrent is not minor because hundreds of requests at level 1 did not contend.
        worst = max(g.worst_ms_per_request for g in members)
        minor = not startup and max(per_request or 0.0, worst) < MINOR_LOOP_MS
        if minor:
            ceiling = upper = None  # isolated stalls cap nothing
        if startup:
            message = f"start-up blocks the loop {total:.0f} ms in {where}"
        elif per_request and upper and ceiling:
            message = (
                f"{subject} blocks the loop {per_request_text} ms per request in "
                f"{where}; caps the route at {human(1000.0 / upper)}-{human(ceiling)} rps"
            )
            ceiling = 1000.0 / upper
        elif per_request and ceiling:
            message = (
                f"{subject} blocks the loop {per_request_text} ms per request in {where}; "
                f"caps the route at {human(ceiling)} rps"
            )
        elif per_request and minor:
            message = (
                f"{subject}: {count} isolated stall(s) in {where}, {total / count:.0f} ms each "
                "(under 1 ms per request at every level)"
            )
        elif per_request:
            message = (
                f"{subject} blocks the loop {per_request_text} ms per request in {where} "
                f"(the route still served {human(measured)} rps)"
            )
        else:
            message = f"{subject} blocks the loop in {where} ({count} stalls, {total:.0f} ms)"
        fix = _fix(finding) if finding else _runtime_fix(members, route, capacities, plans)
        message += f"; fix: {fix}"
        evidence = (
            f"{count} stall(s), mean {total / count:.0f} ms, "
            f"max {max(max(g.durations_ms) for g in members):.0f} ms"
            + (f", over {requests} requests" if requests else "")
        )
        if minor:
            evidence += (
                f"; minor: under {MINOR_LOOP_MS:g} ms per request (an isolated stall: GC, "
                "logging or the OS descheduling the server can cause these)"
            )
        items.append(
            {
                "kind": "loop",
                "minor": minor,
                "route": route,
                "finding": finding["id"] if finding else None,
                "code": finding.get("code") if finding else None,
                "status": CONFIRMED if finding else "seen only at runtime",
                "path": members[0].path,
                "line": members[0].line,
                "function": members[0].function,
                "message": message,
                "evidence": evidence,
                "fix": fix,
                "impact": {
                    "loop_ms_per_request": _r(per_request),
                    "loop_ms_upper": _r(upper),
                    "ceiling_rps": _r(ceiling),
                    "added_latency_ms": _r(total / count),
                    "stall_ms": _r(total),
                },
                "stack": max((g.stack for g in members), key=len),
                "startup": startup,
            }
        )

    looped = {item["finding"] for item in items if item["finding"]}
    dependency_measured: dict[tuple, str] = {}  # (route, dependency) -> first finding's place
    for finding in findings:
        fid = finding["id"]
        if fid in looped:
            continue
        status = statuses.get(fid, {})
        entry = finding.get("entry") or {}
        route = entry.get("route")
        cap = capacities.get(route or "", {})
        impact: dict = {"loop_ms_per_request": None, "ceiling_rps": None, "added_latency_ms": None}
        evidence = status.get("evidence", "")
        shared_key = (route, entry.get("name"))
        if status.get("status") == CONFIRMED and shared_key in dependency_measured:
            # One dependency, several findings inside it: one measurement, counted once.
            evidence += f" (the same measurement as {dependency_measured[shared_key]})"
        elif status.get("status") == CONFIRMED:
            if "dependency_ms" in status:
                where = f"{Path(finding.get('abs_path') or '?').name}:{finding.get('line')}"
                dependency_measured[shared_key] = where
                dep = status["dependency_ms"]
                impact["added_latency_ms"] = _r(dep)
                if entry.get("context") == "event-loop":
                    impact["ceiling_rps"] = _r(1000.0 / dep)
                else:
                    impact["ceiling_rps"] = _r(cap.get("total_tokens", 40) * 1000.0 / dep)
            else:
                impact["ceiling_rps"] = cap.get("pool_ceiling_rps")
                impact["added_latency_ms"] = _r(status.get("wait_p99_ms"))
            if finding.get("code") == "UJ006" and route is None:
                pools = [c for c in capacities.values() if c.get("pool_ceiling_rps")]
                if pools:
                    cap = min(pools, key=lambda c: c["pool_ceiling_rps"])
                    impact["ceiling_rps"] = cap["pool_ceiling_rps"]
        subject = route or "the app"
        message = f"{subject}: {finding.get('message', '')}"
        measured = cap.get("measured_rps")
        if impact["ceiling_rps"] and not _plausible(
            impact["ceiling_rps"], measured, cap.get("cpu_ceiling_rps")
        ):
            impact["ceiling_rps"] = None  # not what limits the route (it served more, or
            # the server's CPU caps it well below)
        if impact["added_latency_ms"] and "dependency_ms" in status:
            where = "on the loop" if entry.get("context") == "event-loop" else "holding a token"
            message += f"; measured: {_ms(impact['added_latency_ms'])} ms per request {where}"
            if impact["ceiling_rps"]:
                message += f", which caps the route at {human(impact['ceiling_rps'])} rps"
            elif measured:
                message += f" (the route still served {human(measured)} rps)"
        elif impact["ceiling_rps"]:
            message += f"; measured: caps it at {human(impact['ceiling_rps'])} rps"
        message += f"; fix: {_fix(finding)}"
        items.append(
            {
                "kind": finding.get("kind") or "finding",
                "route": route,
                "finding": fid,
                "code": finding.get("code"),
                "status": status.get("status", "not exercised"),
                "path": finding.get("abs_path"),
                "line": finding.get("line"),
                "function": _where(finding, None),
                "message": message,
                "evidence": evidence,
                "fix": _fix(finding),
                "impact": impact,
                "stack": [],
                "severity": finding.get("severity"),
            }
        )

    items += _pool_items(items, route_runs, capacities, endpoints or {})

    def key(item: dict) -> tuple:
        impact = item["impact"]
        if item["kind"] == "freeze":  # a route that stops the server outranks any ceiling
            level = impact.get("froze_at_concurrency") or 10**6  # the lower, the worse
            return (-1, level, 0.0, 0, str(item.get("route")), item.get("line") or 0)
        measured = (
            item["status"] in (CONFIRMED, "seen only at runtime")
            and not item.get("minor")
            and (impact.get("ceiling_rps") or impact.get("added_latency_ms"))
        )
        ceiling = impact.get("ceiling_rps") or math.inf
        added = impact.get("added_latency_ms") or 0.0
        return (
            0
            if measured
            else 1
            if item["status"] == CONFIRMED and not item.get("minor")
            else 3
            if item.get("minor")
            else 2,
            ceiling,
            -added,
            SEVERITY_ORDER.get(item.get("severity") or "error", 3),
            str(item.get("path")),
            item.get("line") or 0,
        )

    items.sort(key=key)
    for number, item in enumerate(items, start=1):
        item["rank"] = number
    return items


def _warmup_item(
    route, members: list[StallGroup], finding: dict | None, where: str, startup: bool
) -> dict | None:
    """A one-off library cost (thread-pool growth, import at first use) as a warm-up note."""
    if finding is not None or startup:
        return None
    stack = max((g.stack for g in members), key=len)
    known = known_cause(stack)
    if known is None or known.kind not in WARMUP_CAUSES:
        return None
    total = sum(g.total_ms for g in members)
    count = sum(g.count for g in members)
    subject = route or "the app"
    message = (
        f"{subject}: warm-up cost, not a per-request one: {known.title}, {count} stall(s) in "
        f"{where}, {total:.0f} ms in all; {known.explanation.rstrip('.')}; fix: {known.fix}"
    )
    return {
        "kind": "warmup",
        "minor": True,  # excluded from the ranked causes, the verdict and the diff
        "warmup": known.kind,
        "route": route,
        "finding": None,
        "code": None,
        "status": "seen only at runtime",
        "path": members[0].path,
        "line": members[0].line,
        "function": members[0].function,
        "message": message,
        "evidence": (
            f"{count} stall(s), mean {total / count:.0f} ms, "
            f"max {max(max(g.durations_ms) for g in members):.0f} ms; paid once per process"
        ),
        "fix": known.fix,
        "impact": {
            "loop_ms_per_request": None,
            "loop_ms_upper": None,
            "ceiling_rps": None,
            "added_latency_ms": _r(total / count),
            "stall_ms": _r(total),
        },
        "stack": stack,
        "startup": False,
    }


FREEZE_FIX = (
    "the loop is blocked waiting for something only the loop can release (a sync connection "
    "pool checked out in `async def`: its holders wait on the blocked loop). Make the "
    "function that blocks a plain `def` (its dependency or endpoint then runs in the thread "
    "pool) or use the library's async API (an async engine/pool)"
)


def _freeze_item(
    route, freeze: dict, group: StallGroup, finding: dict | None, where: str, suspects: list[str]
) -> dict:
    """The server stopped answering under load: a finding of its own, ranked first."""
    located = group.line > 0
    pool = freeze.get("threadpool") or {}
    # No answer at all, yet the probe saw no loop stall and every token was borrowed with
    # more calls waiting: the thread pool wedged (a DB pool smaller than the limiter, held
    # from a sync dependency while the endpoint waits for a token), not a blocked loop.
    pool_full = (
        bool(pool.get("total_tokens"))
        and (pool.get("max_borrowed") or 0) >= pool["total_tokens"]
        and (pool.get("max_waiting") or 0) > 0
    )
    if (
        not freeze.get("loop_answered")
        and not located
        and freeze.get("source") != "probe"
        and pool_full
    ):
        what = (
            f"{route} froze the server at {freeze.get('at')}: no answer to any request for "
            f"{freeze.get('waited_s', 0):.0f} s, with the thread pool wedged "
            f"({pool.get('max_borrowed')} of {pool.get('total_tokens')} tokens borrowed, "
            f"{pool.get('max_waiting')} waiting) and no loop stall seen by the probe"
        )
        kind, fix = "thread-pool", POOL_WEDGE_FIX
    elif freeze.get("loop_answered"):
        what = (
            f"{route} stopped answering at {freeze.get('at')} (no answer "
            f"for {freeze.get('waited_s', 0):.0f} s) while the loop still served other requests: "
            f"the thread pool was wedged ({pool.get('max_borrowed')} of "
            f"{pool.get('total_tokens')} tokens borrowed, {pool.get('max_waiting')} waiting)"
        )
        kind, fix = "thread-pool", POOL_WEDGE_FIX
    else:
        what = (
            f"{route} froze the server at {freeze.get('at')}: no answer to "
            f"any request for {freeze.get('waited_s', 0):.0f} s"
            + (f", the loop blocked in {where}" if located else "")
        )
        kind, fix = "loop-blocking", _fix(finding) if finding else FREEZE_FIX
    message = (
        what
        + (
            f"; the blocking line was not seen; unjam check's {kind} calls on this route: "
            f"{', '.join(suspects)}"
            if suspects and not located
            else ""
        )
        + "; the app was restarted to measure the next routes"
    )
    if freeze.get("source") == "probe":
        evidence = "the probe reported the stall still in progress at this line"
    elif freeze.get("loop_answered"):
        evidence = "the route's requests timed out while the app's schema was still served"
    elif kind == "thread-pool":
        evidence = (
            "every request timed out; the thread pool was full with calls waiting and the "
            "probe reported no stall in progress"
        )
    else:
        evidence = "every request timed out and the server answered nothing" + (
            "; the line is the longest stall the probe saw before" if located else ""
        )
    return {
        "kind": "freeze",
        "minor": False,
        "route": route,
        "finding": finding["id"] if finding else None,
        "code": finding.get("code") if finding else None,
        "status": CONFIRMED if finding else "seen only at runtime",
        "path": group.path if located else None,
        "line": group.line if located else None,
        "function": group.function,
        "message": f"{message}; fix: {fix}",
        "evidence": evidence,
        "fix": fix,
        "impact": {
            "loop_ms_per_request": None,
            "ceiling_rps": 0.0,
            "added_latency_ms": _r(group.total_ms),
            "stall_ms": _r(group.total_ms),
            "froze_at_concurrency": freeze.get("concurrency"),
        },
        "stack": group.stack,
        "startup": False,
    }


POOL_WEDGE_FIX = (
    "requests hold thread-pool tokens while they wait for something that only another "
    "request's next step (which needs a token too) releases — typically a DB connection pool "
    "smaller than the 40 tokens, held from a dependency to the end of the request: make the "
    "connection pool at least as large as the limiter (SQLAlchemy pool_size + max_overflow >= "
    "40), or lower the limiter to the pool's size, or make the route async end to end"
)


POOL_FIX = (
    "do not hold a token while waiting: make the endpoint `async def` and await an async "
    "client (or asyncio.sleep); if the work must stay sync, raise the limiter in lifespan "
    "(anyio.to_thread.current_default_thread_limiter().total_tokens = N) — more threads cost "
    "memory and GIL contention"
)


def _pool_items(
    items: list[dict],
    route_runs: dict[str, dict],
    capacities: dict[str, dict],
    endpoints: dict[str, dict],
) -> list[dict]:
    """A route the thread pool limits, measured, that no confirmed finding explains yet.

    The analyzer does not flag every sync endpoint that holds a token (a `def` endpoint that
    sleeps is legal code); the measurement does: tokens busy, requests queueing for one, and a
    pool ceiling that matches the measured one.
    """
    from unjam.doctor.static import endpoint_for

    explained = {
        item["route"]
        for item in items
        if item["status"] == CONFIRMED and item.get("code") in ("UJ003", "UJ005", "UJ006")
    }
    out = []
    for route, cap in capacities.items():
        if route in explained or cap.get("limit") != "thread pool":
            continue
        steps = [s for s in route_runs[route].get("steps", []) if s.get("phase") == "sweep"]
        waiting = max(
            (int((s.get("threadpool") or {}).get("max_waiting") or 0) for s in steps), default=0
        )
        waits = [
            (
                float(
                    ((s.get("route_stats") or {}).get("threadpool_wait_ms") or {}).get("p99") or 0.0
                ),
                s.get("concurrency"),
            )
            for s in steps
        ]
        wait_ms, level = max(waits, default=(0.0, None))
        if not cap.get("explains") and waiting == 0:
            continue
        where = endpoint_for(route, endpoints) or {}
        ceiling = cap.get("pool_ceiling_rps")
        message = (
            f"{route} holds {cap.get('tokens_per_request') or 1} thread-pool token(s) "
            f"{cap.get('thread_ms_per_request') or 0:.0f} ms per request"
            + (f" in {where['function']}" if where else "")
            + f"; {cap.get('total_tokens')} tokens cap the route at {human(ceiling)} rps"
        )
        if wait_ms >= 1.0:
            message += (
                f"; at {level} concurrent, requests waited up to {wait_ms:.0f} ms for a token"
            )
        message += f"; fix: {POOL_FIX}"
        out.append(
            {
                "kind": "threadpool",
                "route": route,
                "finding": None,
                "code": None,
                "status": "seen only at runtime",
                "path": where.get("path"),
                "line": where.get("line"),
                "function": where.get("function") or "thread pool",
                "message": message,
                "evidence": f"up to {waiting} requests waiting for a token; {cap.get('explanation')}",
                "fix": POOL_FIX,
                "impact": {
                    "loop_ms_per_request": None,
                    "ceiling_rps": ceiling,
                    "added_latency_ms": _r(wait_ms),
                },
                "stack": [],
            }
        )
    return out


def _runtime_fix(members: list[StallGroup], route, capacities: dict, plans: dict | None) -> str:
    """The fix for a stall no finding explains, from its stack and where it ran."""
    from unjam.doctor.fixes import runtime_fix
    from unjam.doctor.static import endpoint_for

    group = members[0]
    cap = capacities.get(route or "") or {}
    cpu, loop = cap.get("cpu_ms_per_request"), cap.get("loop_ms_per_request")
    cpu_bound = bool(cpu and loop and cpu >= 0.7 * loop)
    plan = endpoint_for(route, plans) if route and plans else None
    stack = max((g.stack for g in members), key=len)
    in_app = all(g.in_app for g in members)
    return runtime_fix(stack, group.path, group.line, group.function, plan, cpu_bound, in_app)


def _plausible(
    ceiling: float | None, measured: float | None, cpu_ceiling: float | None = None
) -> bool:
    """A ceiling the measurement does not contradict (the route never served more) and the
    machine could reach (not far beyond what the server's CPU allows)."""
    if not ceiling or (measured and ceiling * (1 + NOISE) < measured):
        return False
    return not cpu_ceiling or ceiling <= cpu_ceiling * (1 + NOISE)


def _ms(value: float) -> str:
    return f"{value:.1f}" if value < 10 else f"{value:.0f}"


def _r(value: float | None) -> float | None:
    return round(value, 2) if value else None
