"""The fix for a stall no static finding explains, fitted to the code the stall was seen in.

"Use an async client" is wrong advice for a `logger.info` line, for CPU work, or for an
`httpx.AsyncClient(...)` built per request (it is async already: it costs its SSL context, so
build it once). Where the blocking code runs matters too: making an `async def` *dependency*
a plain `def` moves it to the thread pool; saying "make the route a def" would leave it on
the loop. The stall's stack (library frames kept below the user's frame) tells which case it is.
"""

from __future__ import annotations

import os

from unjam.model import RouteExecution

GENERIC = (
    "move the blocking call off the event loop: use an async client, make the function a "
    "plain `def`, or `await run_in_threadpool(...)` / `anyio.to_thread.run_sync(...)`"
)
LOGGING = (
    "log records are written synchronously on the loop: hand them to a thread with "
    "logging.handlers.QueueHandler + QueueListener (or log less on this path)"
)
CLIENT_PER_REQUEST = (
    "a client is built per request and its construction (SSL context, connection pool) blocks "
    "the loop: build it once at start-up (lifespan) and reuse it across requests"
)
CPU = (
    "CPU work on the loop (no I/O below this line): precompute or cache it, or run it in a "
    "process pool (`loop.run_in_executor(ProcessPoolExecutor(), ...)`); a thread helps only "
    "if the work releases the GIL"
)
THREAD_START = (
    "the thread pool grew: anyio started a new worker thread, and Thread.start waits on the "
    "loop until the thread runs; it happens while concurrency first rises (a one-off per "
    "thread, up to the limiter's tokens), not per request: nothing to fix in the app unless "
    "it recurs (idle workers exit after 10 s; steady traffic keeps them)"
)
NOT_THE_APP = (
    "no frame of the app is on this stall's stack (it was in the server or a library on its "
    "own): nothing in the app to change unless it recurs; the stack shows where it was"
)
DNS = (
    "a host name is resolved synchronously on the loop (socket.getaddrinfo): use the async "
    "client's resolver, resolve once at start-up, or connect by address"
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
    below = _below(stack, path, line)
    below_paths = _paths(below)
    if any(
        str(f.get("path") or "").endswith("/threading.py") and f.get("function") == "Thread.start"
        for f in stack
    ) or any(
        str(f.get("function")) in ("Thread.start", "start") and "/anyio/" in str(f.get("path"))
        for f in stack
    ):
        return THREAD_START
    if any("/logging/" in p for p in below_paths):
        return LOGGING
    if any(p.endswith("/ssl.py") for p in below_paths) or any(
        "/httpx/" in p
        and f.get("function") in ("__init__", "create_ssl_context", "load_ssl_context")
        for p, f in zip(below_paths, below, strict=True)
    ):
        return CLIENT_PER_REQUEST
    if any(str(f.get("function")) in ("getaddrinfo", "gethostbyname") for f in below):
        return DNS
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
