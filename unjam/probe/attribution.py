"""Who a stall belongs to: the request (and its route), or the background task, and where.

Runs on the watchdog thread, off the hot path. A stall inside a request is charged to that
request's route; a stall in a task that no request holds (`asyncio.create_task`, a
scheduler) is charged to the task by name — never to whatever route happens to be under
load, which is what a caller would guess from a stall without a route. A task spawned
under a request and handed its `request`/`scope` is found through them and charged to the
route that scheduled it.
"""

from __future__ import annotations

import asyncio
import os
from types import FrameType
from typing import TYPE_CHECKING, Any

from unjam.probe.stacks import StallEvidence, frame_dict
from unjam.probe.state import SCOPE_KEY, TIMED_CODES, RequestState

if TYPE_CHECKING:
    from unjam.probe.core import Probe

MAX_STACK = 120
Located = tuple[RequestState | None, FrameType | None]

# FastAPI functions whose frame on a stalled stack says what the request was doing; for
# requests that were not sampled for phase timing (their wrappers set no phase).
_PHASE_FRAMES = {
    ("fastapi/routing.py", "run_endpoint_function"): "endpoint",
    ("fastapi/dependencies/utils.py", "solve_dependencies"): "dependencies",
    ("fastapi/routing.py", "app"): "serialization",  # the route handler, outside the two
    ("starlette/background.py", "__call__"): "after_response",  # background tasks
}
_PHASE_FUNCTIONS = frozenset(func for _, func in _PHASE_FRAMES)


def locate_request(chain: tuple[tuple[FrameType, int], ...]) -> Located:
    """The in-flight request a sampled stack belongs to, and the frame that shows it.

    A request timed for its phases: its `state`, in the frame of the probe's timed path.
    Any other request (the untimed path leaves no frame on the stack), or a task spawned
    under a request (BaseHTTPMiddleware's call_next): the HTTP `scope` the outermost
    ASGI frame holds — its published record, or a record made here, not published,
    for naming the route.
    """
    for frame, _ in reversed(chain):
        if frame.f_code in TIMED_CODES:
            try:
                state = frame.f_locals.get("state")
            except Exception:
                continue
            if isinstance(state, RequestState):
                return state, frame
    for frame, _ in chain[:16]:  # ASGI frames sit near the task's root
        try:
            local_vars = frame.f_locals
        except Exception:
            continue
        for name in ("scope", "request", "conn"):
            value = local_vars.get(name)
            if value is None:
                continue
            scope = value if isinstance(value, dict) else getattr(value, "scope", None)
            state = _state_of(scope)
            if state is not None:
                return state, frame
    return None, None


def current_task_name(loop: asyncio.AbstractEventLoop | None) -> str | None:
    """`module:qualname` of the coroutine the loop is running now (read from another thread:
    a dict lookup and attribute reads under the GIL), or None."""
    if loop is None:
        return None
    try:
        task = asyncio.current_task(loop)
        if task is None:
            return None
        coro = task.get_coro()
        code = getattr(coro, "cr_code", None) or getattr(coro, "gi_code", None)
        frame = getattr(coro, "cr_frame", None)
        module = frame.f_globals.get("__name__", "?") if frame is not None else "?"
        name = getattr(code, "co_qualname", None) or getattr(coro, "__qualname__", None)
        return f"{module}:{name}" if name else task.get_name()
    except Exception:
        return None


def describe_stall(
    probe: Probe,
    evidence: StallEvidence,
    duration_s: float,
    started_at: float,
    located: Located = (None, None),
    phase: str | None = None,
    task: str | None = None,
) -> dict[str, Any]:
    """The stall record of the snapshot (the watchdog has already cut the samples where the
    request they were found in left the stack)."""
    state, _ = located
    route, endpoint = _route_and_endpoint(probe, evidence, state)
    if phase is None:
        phase = _phase_from_stack(evidence.last)
    stack = [frame_dict(f, n) for f, n in evidence.last[-MAX_STACK:]]
    record: dict[str, Any] = {
        "duration_ms": round(duration_s * 1000.0, 3),
        "route": route,
        "endpoint": endpoint,
        "blocking_frame": frame_dict(*evidence.blocking),
        "stack": stack,
        "started_at": round(started_at, 6),
        "samples": evidence.samples,
    }
    if phase is not None:
        record["phase"] = phase
    if state is None and task is not None:
        record["task"] = task  # outside any request: charged to the task, not a route
    if evidence.cause is not None:
        record["cause"] = evidence.cause.to_json()
    return record


def in_progress(
    probe: Probe, evidence: StallEvidence, duration_s: float, located: Located
) -> dict[str, Any]:
    """The snapshot's `stall_in_progress`: how long the loop has been blocked so far, and
    where it is blocked now."""
    route, _ = _route_and_endpoint(probe, evidence, located[0])
    return {
        "duration_s": round(duration_s, 3),
        "route": route,
        "frame": frame_dict(*evidence.blocking),
        "stack": [frame_dict(f, n) for f, n in evidence.last[-MAX_STACK:]],
    }


def _route_and_endpoint(
    probe: Probe, evidence: StallEvidence, state: RequestState | None
) -> tuple[str | None, str]:
    frame, _ = evidence.blocking
    code_map = probe.route_index.code_map()
    endpoint = None
    route = None
    for candidate, _ in reversed(evidence.last):
        hit = code_map.get(candidate.f_code)
        if hit is not None:
            endpoint = hit[0]
            if len(hit[1]) == 1:
                route = hit[1][0]
            break
    if endpoint is None:
        module = frame.f_globals.get("__name__", "?")
        endpoint = f"{module}:{getattr(frame.f_code, 'co_qualname', frame.f_code.co_name)}"
    if state is not None:
        route = state.route_key or probe.route_index.key(state.scope) or route
        if route is None:
            route = probe.route_index.match(state.scope)
    return route, endpoint


def _state_of(scope: Any) -> RequestState | None:
    """The record of the request an HTTP scope belongs to: the one a timed request
    published, else a fresh one for naming the route."""
    if isinstance(scope, dict) and scope.get("type") == "http":
        state = scope.get(SCOPE_KEY)
        return state if isinstance(state, RequestState) else RequestState(scope, 0.0)
    return None


def _phase_from_stack(frames: Any) -> str | None:
    """The FastAPI phase the innermost matching frame belongs to, if any (slow path)."""
    for frame, _ in reversed(frames):
        code = frame.f_code
        name = code.co_name
        if name not in _PHASE_FUNCTIONS:
            continue
        path = code.co_filename.replace(os.sep, "/")
        for (suffix, func), phase in _PHASE_FRAMES.items():
            if func == name and path.endswith(suffix):
                return phase
    return None
