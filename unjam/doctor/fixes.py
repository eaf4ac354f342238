"""The fix for a stall no static finding explains, fitted to the code the stall was seen in.

"Use an async client" is wrong advice for a `logger.info` line, for CPU work, or for an
`httpx.AsyncClient(...)` built per request (it is async already: it costs its SSL context, so
build it once). Library-internal costs (thread-pool growth, SSL context, DNS, import at first
use) are recognised by the probe's `blame.known_cause`, whose fix is used as it is. Where the blocking code runs matters too: making an `async def` *dependency*
a plain `def` moves it to the thread pool; saying "make the route a def" would leave it on
the loop. The stall's stack (library frames kept below the user's frame) tells which case it is.
"""

from __future__ import annotations

import os

from unjam.model import RouteExecution
from unjam.probe.blame import known_cause

GENERIC = (
    "move the blocking call off the event loop: use an async client, make the function a "
    "plain `def`, or `await run_in_threadpool(...)` / `anyio.to_thread.run_sync(...)`"
)
LOGGING = (
    "log records are written synchronously on the loop: hand them to a thread with "
    "logging.handlers.QueueHandler + QueueListener (or log less on this path)"
)
CPU = (
    "CPU work on the loop (no I/O below this line): precompute or cache it, or run it in a "
    "process pool (`loop.run_in_executor(ProcessPoolExecutor(), ...)`); a thread helps only "
    "if the work releases the GIL"
)
NOT_THE_APP = (
    "no frame of the app is on this stall's stack (it was in the server or a library on its "
    "own): nothing in the app to change unless it recurs; the stack shows where it was"
)


def _paths(stack: list[dict]) -> list[str]:
    return [str(frame.get("path") or "") for frame in stack]


def _below(stack: list[dict], path: str, line: int) -> list[dict]:
    """The frames the blocking (user) frame called: innermost last."""
    target = os.path.realpath(path)
    for index in range(len(stack) - 1, -1, -1):
        frame = stack[index]
        here = os.path.realpath(str(frame.get("path") or "?"))
        if here == target and int(frame.get("line") or 0) == line:
            return stack[index + 1 :]
    return []


def runtime_fix(
    stack: list[dict],
    path: str,
    line: int,
    function: str,
    plan: RouteExecution | None,
    cpu_bound: bool = False,
    in_app: bool = True,
) -> str:
    """The fix for a loop stall at (path, line) in `function`, seen with `stack`;
    `cpu_bound`: the server's CPU time per request accounts for the stall time (a C call
    that waits, like time.sleep, has no frame below the user's either, but uses no CPU)."""
    known = known_cause(stack)  # thread-pool growth, SSL context, DNS, import: the probe's rule
    if known is not None:
        return known.fix
    below_paths = _paths(_below(stack, path, line))
    if any("/logging/" in p for p in below_paths):
        return LOGGING
    if not in_app:
        return NOT_THE_APP
    if cpu_bound and all("/json/" in p for p in below_paths):
        return CPU
    return _where_fix(function, plan)


def _where_fix(function: str, plan: RouteExecution | None) -> str:
    """Dependency or endpoint: which `def` moves the blocking code to the thread pool."""
    if plan is None:
        return GENERIC
    short = function.rsplit(".", 1)[-1]
    for piece in plan.pieces:
        if piece.name.rsplit(".", 1)[-1] != short or piece.context.value != "event-loop":
            continue
        what = "dependency" if piece.kind == "dependency" else "endpoint"
        return (
            f"the {what} `{piece.name}` is `async def`, so this blocking call runs on the loop: "
            f"make the {what} a plain `def` (FastAPI then runs it in the thread pool) or await "
            "an async client instead"
        )
    return GENERIC
