"""Which coroutines of a project without an app are a one-shot program's main: run by
`asyncio.run(main())` (or `loop.run_until_complete(main())`) and starting nothing that runs
beside them — no task, no `gather`, no server. Such a program does its steps one after
another on a loop of its own, so a blocking call there holds up nothing else: an example
script or a CLI command, not code on a shared loop (docs/check.md, "What counts as served
code"). A coroutine some other code awaits, or a library's, stays an entry.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from unjam.analysis.callgraph import CallGraph
    from unjam.analysis.project import Project

# what makes work run beside the caller on its loop (by the called name: a false match only
# keeps an entry, as before)
_CONCURRENT = frozenset(
    {
        "gather",
        "create_task",
        "ensure_future",
        "as_completed",
        "wait",
        "wait_for",
        "TaskGroup",
        "create_task_group",
        "start_soon",
        "start_server",
        "create_server",
        "serve",
        "serve_forever",
        "run_app",
        "start",
        "run_forever",
        "add_signal_handler",
        "call_soon",
        "call_later",
    }
)
_RUNNERS = frozenset({"run", "run_until_complete"})


def one_shot_mains(project: Project, graph: CallGraph, roots: list[str]) -> set[str]:
    """The `roots` that are one-shot programs' mains."""
    run = _run_by_a_runner(project, graph)
    return {gqn for gqn in roots if gqn in run and not _starts_concurrent_work(project, graph, gqn)}


def _run_by_a_runner(project: Project, graph: CallGraph) -> set[str]:
    """Coroutines some call hands straight to `asyncio.run(...)`/`run_until_complete(...)`."""
    out: set[str] = set()
    for gqn, func in project.funcs.items():
        calls = func.fd.calls
        if not any(_is_runner(call.func) for call in calls):
            continue
        for edge in graph.resolved(gqn).edges:
            if edge.site < 0:
                continue
            outer = calls[edge.site].arg_of
            if outer >= 0 and _is_runner(calls[outer].func):
                out.add(edge.callee)
    return out


def _is_runner(ref: tuple) -> bool:
    return ref[0] == "attr" and ref[2] in _RUNNERS


def _starts_concurrent_work(project: Project, graph: CallGraph, root: str) -> bool:
    seen = {root}
    queue = deque(seen)
    while queue:
        gqn = queue.popleft()
        func = project.funcs.get(gqn)
        if func is None:
            continue
        if any(_called_name(call.func) in _CONCURRENT for call in func.fd.calls):
            return True
        for callee in graph.successors(gqn, "loop"):
            if callee not in seen:
                seen.add(callee)
                queue.append(callee)
    return False


def _called_name(ref: tuple) -> str:
    if ref[0] == "attr":
        return ref[2]
    if ref[0] == "name":
        return ref[1]
    return ""
