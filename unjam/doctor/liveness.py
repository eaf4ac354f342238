"""Is the server still answering? A frozen server must become a finding, not innocent verdicts.

A route can wedge the whole process: a sync connection pool checked out inside `async def`
blocks the loop in the checkout while the connections' holders wait on that same loop. Every
request after that times out, whatever route it is for. So after any step whose requests did
not all succeed, the doctor asks the server a cheap question (its OpenAPI schema or `/`: any
HTTP status counts as an answer) until it answers or `freeze_after_s` passes. The probe's
`stall_in_progress` (when it has one) names the blocking line while the loop is still stuck;
without it, the client side alone (no answer at all) decides.
"""

from __future__ import annotations

import http.client
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from unjam.server import LOCALHOST

PING_TIMEOUT_S = 1.0
# A server using this much CPU (in cores) while it does not answer is working off a backlog.
BUSY_CORES = 0.3
BACKLOG_FACTOR = 4.0


def target_answers(target, strict: bool, timeout: float = 2 * PING_TIMEOUT_S) -> bool:
    """True when the route's own request is answered within `timeout` (`strict`: with a
    non-5xx status, for a route that succeeded before): a route can stop answering while the
    loop still serves others (a wedged thread pool)."""
    from unjam.doctor.streams import first_event_ms

    _, status = first_event_ms(target, "chunked", timeout=timeout)
    return 0 < status < (500 if strict else 600)


def answers(port: int, path: str, timeout: float = PING_TIMEOUT_S) -> bool:
    """True when the server sends any HTTP response to `GET path` within `timeout`."""
    conn = http.client.HTTPConnection(LOCALHOST, port, timeout=timeout)
    try:
        conn.request("GET", path, headers={"Connection": "close"})
        conn.getresponse().read(1)
        return True
    except (OSError, http.client.HTTPException):
        return False
    finally:
        conn.close()


@dataclass
class Freeze:
    """The server stopped answering while `route` was loaded at `concurrency`."""

    route: str
    concurrency: int | None
    phase: str
    waited_s: float
    rate: float | None = None  # the offered rate, when it froze during the knee search
    frame: dict | None = None  # the blocking frame: {"path", "line", "function"}
    stack: list[dict] = field(default_factory=list)
    source: str = "client"  # "probe": a stall in progress; "client": no answer at all
    loop_answered: bool = False  # the loop still served the schema: the pool was wedged
    threadpool: dict = field(default_factory=dict)  # tokens borrowed / waiting meanwhile

    def to_json(self) -> dict:
        return {
            "route": self.route,
            "concurrency": self.concurrency,
            "rate": self.rate,
            "at": load_level(self.concurrency, self.rate),
            "phase": self.phase,
            "waited_s": round(self.waited_s, 1),
            "frame": self.frame,
            "stack": self.stack,
            "source": self.source,
            "loop_answered": self.loop_answered,
            "threadpool": self.threadpool,
        }


@dataclass
class Liveness:
    """Waits for the server to answer again after a step; says when it froze."""

    port: int
    path: str
    freeze_after_s: float = 15.0
    snapshot: Callable[[], dict] | None = None  # the probe's /snapshot, when reachable
    # The server's CPU seconds: a server that computes is draining a backlog (waited for up
    # to BACKLOG_FACTOR x freeze_after_s); one that neither answers nor computes is wedged.
    cpu_seconds: Callable[[], float] | None = None
    route_timeout_s: float = 5.0  # how long the route's own request may take (the load's timeout)

    def in_progress(self) -> dict | None:
        """The probe's stall still in progress, if it reports one (the key is optional)."""
        if self.snapshot is None:
            return None
        try:
            stall = self.snapshot().get("stall_in_progress")
        except (OSError, ValueError):
            return None
        return stall if isinstance(stall, dict) else None

    def wait(self, route: str, step: dict, target=None, strict: bool = False) -> Freeze | None:
        """Block until the route answers again (its own request when given, else the
        schema); a `Freeze` when it did not within the limit."""
        started = time.monotonic()
        stuck: dict | None = None
        limit = self.freeze_after_s
        cpu_mark = (started, self._cpu())
        while True:
            # The loop first (cheap, and a stall ends before the snapshot); then, for a route
            # that succeeded before, its own request: one at a time, so a slow route's
            # backlog is not fed faster than it drains.
            loop_ok = answers(self.port, self.path)
            if loop_ok and (
                target is None or not strict or target_answers(target, strict, self.route_timeout_s)
            ):
                return None
            stuck = self.in_progress() or stuck
            now = time.monotonic()
            if now - cpu_mark[0] >= min(2.0, self.freeze_after_s / 3):
                cpu = self._cpu()
                busy = (cpu - cpu_mark[1]) / (now - cpu_mark[0])
                if busy >= BUSY_CORES and stuck is None:
                    extended = now - started + self.freeze_after_s / 2
                    limit = max(limit, min(extended, BACKLOG_FACTOR * self.freeze_after_s))
                cpu_mark = (now, cpu)
            waited = now - started
            if waited >= limit:
                freeze = _freeze(route, step, waited, stuck)
                freeze.loop_answered = answers(self.port, self.path)
                return freeze
            time.sleep(0.2)

    def _cpu(self) -> float:
        return self.cpu_seconds() if self.cpu_seconds is not None else 0.0


def _freeze(route: str, step: dict, waited: float, stuck: dict | None) -> Freeze:
    """What is known of the freeze: the probe's stall in progress, else the step's longest stall."""
    frame, stack, source = None, [], "client"
    if stuck is not None:
        frame, stack, source = stuck.get("frame"), list(stuck.get("stack") or []), "probe"
        waited = max(waited, float(stuck.get("duration_s") or 0.0))
    elif step.get("stalls"):
        longest = max(step["stalls"], key=lambda s: float(s.get("duration_ms") or 0.0))
        frame, stack = longest.get("blocking_frame"), list(longest.get("stack") or [])
    return Freeze(
        route=route,
        concurrency=step.get("concurrency"),
        rate=step.get("rate"),
        phase=str(step.get("phase") or ""),
        waited_s=waited,
        frame=dict(frame) if frame else None,
        stack=stack,
        source=source,
    )


def load_level(concurrency: int | None, rate: float | None) -> str:
    """ "64 concurrent" (the sweep) or "120 rps offered" (the knee search)."""
    if concurrency is not None:
        return f"{concurrency} concurrent"
    return f"{rate:g} rps offered" if rate is not None else "an unknown load"


def unanswered(step: dict) -> bool:
    """A step some of whose requests got no successful answer (errors, timeouts)."""
    return step.get("requests", 0) == 0 or step.get("ok", 0) < step.get("requests", 0)
