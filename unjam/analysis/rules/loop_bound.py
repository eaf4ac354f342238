"""Whether a sync function needs the running event loop, so that a fix must not move it to a
worker thread: `asyncio.to_thread(start_server, ...)` of a function that calls
`asyncio.get_running_loop()` (or `create_task`, `ensure_future`, `get_event_loop`, Tornado's
`IOLoop.current()`) fails there, or binds its state to a new loop that never runs; one that
schedules on a loop it is handed (`self._loop.create_task(...)`) calls what only the loop's
own thread may call.

Judged from the calls the function makes, itself or through the sync functions it calls
within a few calls (an async callee only makes a coroutine, which runs wherever it is
awaited); a function with an `except` handler is taken to cope without a loop where it
probes for one or its handler does the work another way, not where the handler only logs
(a task `create_task` never started in a thread is lost). One that copes
by making a loop (`get_or_create_event_loop()`) binds its caller only where the caller hands
work to that loop or keeps it: in a thread, the loop is a new one that never runs, which
only matters for what is scheduled on it (`run_until_complete` runs it there)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from unjam.analysis.fastapi_records import _last_name
from unjam.analysis.rules.sync_calls import sync_calls_below

if TYPE_CHECKING:
    from unjam.analysis.callgraph import CallGraph
    from unjam.analysis.project import Func, Project

LOOP_APIS = frozenset(
    (
        "asyncio.get_running_loop",
        "asyncio.get_event_loop",
        "asyncio.create_task",
        "asyncio.ensure_future",
    )
)
# Tornado's loop of this thread (in a worker thread, not the one that serves): nothing to
# catch, so an `except` handler nearby says nothing about coping without it
_TORNADO_LOOP = frozenset(("tornado.ioloop.IOLoop.current", "tornado.ioloop.IOLoop.instance"))
_NEW_LOOP = "asyncio.new_event_loop"
# a loop's methods that schedule on it, called on one the function is handed or keeps (the
# loop that serves: `self._loop.create_task(...)`, its loop handed down from lifespan); not
# thread-safe from another thread, where `call_soon_threadsafe` is the way
_LOOP_METHODS = frozenset(
    f"asyncio.AbstractEventLoop.{name}"
    for name in ("create_task", "call_soon", "call_later", "call_at", "create_future")
)
# what hands work to a loop that must be running for it to run, or keeps the loop for later
_SCHEDULES = frozenset(
    ("create_task", "call_soon", "call_soon_threadsafe", "call_later", "call_at", "create_future")
)
_DEPTH = 3  # calls below the function: deeper, the analysis takes too much on faith
_PROBES = frozenset(("asyncio.get_running_loop", "asyncio.get_event_loop"))
# what an `except` handler that only reports the failure calls
_LOGS = frozenset(
    ("print", "debug", "info", "warning", "warn", "error", "exception", "critical", "log")
)


class LoopBound:
    def __init__(self, project: Project, graph: CallGraph):
        self.p = project
        self.g = graph
        self._known: dict[str, str | None] = {}  # gqn → uses()
        self._apis_of: dict[str, list[str]] = {}  # gqn → _apis()

    def uses(self, gqn: str) -> str | None:
        """How `gqn` needs the running loop ("`asyncio.get_running_loop` via `helper`"),
        or None."""
        if gqn not in self._known:
            self._known[gqn] = self._search(gqn)
        return self._known[gqn]

    def _search(self, root: str) -> str | None:
        for func, caller in sync_calls_below(self.p, self.g, root, _DEPTH):
            api = self._loop_call(func.gqn)
            if api is not None and (caller is None or self._binds(func.gqn, caller)):
                return f"`{api}`" + (f" via `{func.display}`" if caller is not None else "")
        return None

    def _loop_call(self, gqn: str) -> str | None:
        apis = self._apis(gqn)
        tornado = next((api for api in apis if api in _TORNADO_LOOP), None)
        if tornado is not None:
            return tornado
        if _NEW_LOOP not in apis and self._copes(gqn):
            # `try: asyncio.get_running_loop() except RuntimeError: ...` asks whether a loop
            # runs and copes without one: such a function runs in a thread too
            return None
        found = next((api for api in apis if api in LOOP_APIS), None)
        if found is None and _NEW_LOOP not in apis:  # (not on a loop of its own making)
            found = next((api for api in apis if api in _LOOP_METHODS), None)
        return found

    def _apis(self, gqn: str) -> list[str]:
        """The outside APIs `gqn` calls (asked for each function on each search: kept)."""
        known = self._apis_of.get(gqn)
        if known is None:
            p = self.p
            func = p.funcs[gqn]
            called = [p.callee(func, site.func) for site in func.fd.calls]
            known = self._apis_of[gqn] = [c[1] for c in called if c is not None and c[0] == "ext"]
        return known

    def _copes(self, gqn: str) -> bool:
        """Whether the function copes without a running loop: an `except` handler beside a
        probe for one (`asyncio.get_running_loop()`), or one that does the work another way
        (`asyncio.run(...)`, a new loop) — not one that only logs or passes, which, in a
        thread, drops what `create_task` was to run."""
        fd = self.p.funcs[gqn].fd
        handlers = {i for i, guard in enumerate(fd.guards) if guard.kind == "except"}
        if not handlers:
            return False
        if any(api in _PROBES for api in self._apis(gqn)):
            return True
        return any(
            site.guard in handlers and _last_name(site.func) not in _LOGS for site in fd.calls
        )

    def _binds(self, gqn: str, caller_gqn: str) -> bool:
        """Whether `caller_gqn`'s use of what `gqn` returns needs the loop running: always,
        unless `gqn` copes without a running loop by making one, and the caller neither
        schedules on that loop nor keeps it (`self.loop = loop`) nor hands it on."""
        if not self._copes(gqn) or _NEW_LOOP not in self._apis(gqn):
            return True
        func = self.p.funcs[caller_gqn]
        fd = func.fd
        held = {
            name
            for name, values in fd.locals.items()
            for value in values
            if value[0] == "call" and self._calls(func, value[1], gqn)
        }

        def is_loop(ref: tuple) -> bool:
            return (ref[0] == "name" and ref[1] in held) or (
                ref[0] == "call" and self._calls(func, ref[1], gqn)
            )

        for site in fd.calls:
            ref = site.func
            if ref[0] == "attr" and ref[2] in _SCHEDULES and is_loop(ref[1]):
                return True
            if any(is_loop(arg) for arg in site.args) or any(
                is_loop(arg) for _, arg in site.kwargs
            ):
                return True
        return any(is_loop(value) for _base, _attr, value in fd.attr_stores)

    def _calls(self, func: Func, ref: tuple, gqn: str) -> bool:
        callee = self.p.callee(func, ref)
        return callee is not None and callee[1] == gqn
