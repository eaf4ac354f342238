"""A route that froze the server under load: a cause of its own, ranked before any ceiling.

Two freezes look alike from the client (no answer for 15 s) and need opposite fixes: a loop
blocked in `async def` (make it a `def`, or use the async API), and a thread pool wedged by a
DB connection pool smaller than its 40 tokens (size the pools alike). The freeze record says
which: the probe's stall in progress, whether the loop still served other requests, and the
thread pool's tokens.
"""

from __future__ import annotations

from unjam.doctor.cause import RUNTIME_ONLY, FindingFacts, FreezeImpact, RankedCause, rounded
from unjam.doctor.correlate import CONFIRMED
from unjam.doctor.stalls import StallGroup

FREEZE_FIX = (
    "the loop is blocked waiting for something only the loop can release (a sync connection "
    "pool checked out in `async def`: its holders wait on the blocked loop). Make the "
    "function that blocks a plain `def` (its dependency or endpoint then runs in the thread "
    "pool) or use the library's async API (an async engine/pool)"
)

POOL_WEDGE_FIX = (
    "requests hold thread-pool tokens while they wait for something that only another "
    "request's next step (which needs a token too) releases — typically a DB connection pool "
    "smaller than the 40 tokens, held from a dependency to the end of the request: make the "
    "connection pool at least as large as the limiter (SQLAlchemy pool_size + max_overflow >= "
    "40), or lower the limiter to the pool's size, or make the route async end to end"
)


def freeze_cause(
    route: str | None,
    group: StallGroup,
    finding: FindingFacts | None,
    where: str,
    suspects: list[str],
) -> RankedCause:
    """The server stopped answering under load while `route` was loaded."""
    freeze = group.freeze or {}
    located = group.line > 0
    what, kind, fix = _what_froze(route, freeze, located, where, finding)
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
    return RankedCause(
        kind="freeze",
        minor=False,
        route=route,
        finding=finding.id if finding else None,
        code=finding.code if finding else None,
        status=CONFIRMED if finding else RUNTIME_ONLY,
        path=group.path if located else None,
        line=group.line if located else None,
        function=group.function,
        message=f"{message}; fix: {fix}",
        evidence=_evidence(freeze, kind, located),
        fix=fix,
        impact=FreezeImpact(
            added_latency_ms=rounded(group.total_ms),
            stall_ms=rounded(group.total_ms),
            froze_at_concurrency=freeze.get("concurrency"),
        ),
        stack=group.stack,
        startup=False,
    )


def _pool_full(pool: dict) -> bool:
    """Every token borrowed and more calls waiting."""
    return (
        bool(pool.get("total_tokens"))
        and (pool.get("max_borrowed") or 0) >= pool["total_tokens"]
        and (pool.get("max_waiting") or 0) > 0
    )


def _what_froze(
    route: str | None, freeze: dict, located: bool, where: str, finding: FindingFacts | None
) -> tuple[str, str, str]:
    """What happened, the kind of unjam check's findings that could explain it, and the fix."""
    pool = freeze.get("threadpool") or {}
    waited = f"{freeze.get('waited_s', 0):.0f} s"
    # No answer at all, yet the probe saw no loop stall and every token was borrowed with
    # more calls waiting: the thread pool wedged (a DB pool smaller than the limiter, held
    # from a sync dependency while the endpoint waits for a token), not a blocked loop.
    if (
        not freeze.get("loop_answered")
        and not located
        and freeze.get("source") != "probe"
        and _pool_full(pool)
    ):
        what = (
            f"{route} froze the server at {freeze.get('at')}: no answer to any request for "
            f"{waited}, with the thread pool wedged "
            f"({pool.get('max_borrowed')} of {pool.get('total_tokens')} tokens borrowed, "
            f"{pool.get('max_waiting')} waiting) and no loop stall seen by the probe"
        )
        return what, "thread-pool", POOL_WEDGE_FIX
    if freeze.get("loop_answered"):
        what = (
            f"{route} stopped answering at {freeze.get('at')} (no answer "
            f"for {waited}) while the loop still served other requests: "
            f"the thread pool was wedged ({pool.get('max_borrowed')} of "
            f"{pool.get('total_tokens')} tokens borrowed, {pool.get('max_waiting')} waiting)"
        )
        return what, "thread-pool", POOL_WEDGE_FIX
    what = (
        f"{route} froze the server at {freeze.get('at')}: no answer to "
        f"any request for {waited}" + (f", the loop blocked in {where}" if located else "")
    )
    return what, "loop-blocking", finding.fix_text if finding else FREEZE_FIX


def _evidence(freeze: dict, kind: str, located: bool) -> str:
    if freeze.get("source") == "probe":
        return "the probe reported the stall still in progress at this line"
    if freeze.get("loop_answered"):
        return "the route's requests timed out while the app's schema was still served"
    if kind == "thread-pool":
        return (
            "every request timed out; the thread pool was full with calls waiting and the "
            "probe reported no stall in progress"
        )
    return "every request timed out and the server answered nothing" + (
        "; the line is the longest stall the probe saw before" if located else ""
    )
