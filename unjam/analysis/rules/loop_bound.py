"""Whether a sync function needs the running event loop, so that a fix must not move it to a
worker thread: `asyncio.to_thread(start_server, ...)` of a function that calls
`asyncio.get_running_loop()` (or `create_task`, `ensure_future`, `get_event_loop`) fails
there, or binds its state to a new loop that never runs.

Judged from the calls the function makes, itself or through the sync functions it calls
within a few calls (an async callee only makes a coroutine, which runs wherever it is
awaited); a function with an `except` handler is taken to cope without a loop, unless it
makes one (`asyncio.new_event_loop()`)."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from unjam.analysis.callgraph import CallGraph
    from unjam.analysis.project import Project

LOOP_APIS = frozenset(
    (
        "asyncio.get_running_loop",
        "asyncio.get_event_loop",
        "asyncio.create_task",
        "asyncio.ensure_future",
    )
)
_NEW_LOOP = "asyncio.new_event_loop"
_DEPTH = 3  # calls below the function: deeper, the analysis takes too much on faith


class LoopBound:
    def __init__(self, project: Project, graph: CallGraph):
        self.p = project
        self.g = graph
        self._known: dict[str, str | None] = {}  # gqn → uses()

    def uses(self, gqn: str) -> str | None:
        """How `gqn` needs the running loop ("`asyncio.get_running_loop` via `helper`"),
        or None."""
        if gqn not in self._known:
            self._known[gqn] = self._search(gqn)
        return self._known[gqn]

    def _search(self, root: str) -> str | None:
        funcs = self.p.funcs
        depth = {root: 0}
        queue = deque([root])
        while queue:
            gqn = queue.popleft()
            func = funcs.get(gqn)
            if func is None:
                continue
            api = self._loop_call(gqn)
            if api is not None:
                return f"`{api}`" + (f" via `{func.display}`" if gqn != root else "")
            if depth[gqn] == _DEPTH:
                continue
            for edge in self.g.resolved(gqn).edges:
                callee = funcs.get(edge.callee)
                if callee is not None and not callee.fd.is_async and edge.callee not in depth:
                    depth[edge.callee] = depth[gqn] + 1
                    queue.append(edge.callee)
        return None

    def _loop_call(self, gqn: str) -> str | None:
        p = self.p
        func = p.funcs[gqn]
        called = [p.callee(func, site.func) for site in func.fd.calls]
        apis = [c[1] for c in called if c is not None and c[0] == "ext"]
        if _NEW_LOOP not in apis and any(guard.kind == "except" for guard in func.fd.guards):
            # `try: asyncio.get_running_loop() except RuntimeError: ...` asks whether a loop
            # runs and copes without one: such a function runs in a thread too — unless it
            # copes by making a loop of its own (`get_or_create_event_loop()`), which in a
            # thread is a new one that never runs, and what it starts there never does
            return None
        return next((api for api in apis if api in LOOP_APIS), None)
