"""The sync functions a function calls, a few calls deep: what a fix that moves the function
to a worker thread moves with it (loop_bound.py, context_vars.py ask what they need)."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from unjam.analysis.callgraph import CallGraph
    from unjam.analysis.project import Func, Project


def sync_calls_below(
    project: Project, graph: CallGraph, root: str, depth: int
) -> Iterator[tuple[Func, str | None]]:
    """`root` and each sync function it calls within `depth` calls, nearest first, with the
    function that calls it (None for `root`): an async callee only makes a coroutine, which
    runs wherever it is awaited."""
    funcs = project.funcs
    below = {root: 0}
    caller: dict[str, str | None] = {root: None}
    queue = deque([root])
    while queue:
        gqn = queue.popleft()
        func = funcs.get(gqn)
        if func is None:
            continue
        yield func, caller[gqn]
        if below[gqn] == depth:
            continue
        for edge in graph.resolved(gqn).edges:
            callee = funcs.get(edge.callee)
            if callee is not None and not callee.fd.is_async and edge.callee not in below:
                below[edge.callee] = below[gqn] + 1
                caller[edge.callee] = gqn
                queue.append(edge.callee)
