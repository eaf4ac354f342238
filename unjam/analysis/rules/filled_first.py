"""Memos the request's own path fills off the loop before the call that would fill them on
it: a first-call stall that never happens on the loop (rules/blocking.py).

    if not service.secret_loaded():
        await run_with_deadline(service.ensure_secret_loaded)   # a worker thread fills it
    payload = service.verify_token(token)   # `_lazy_initialize`: `if self.secret_key: return`

`verify_token` reaches the database through a memo (`_lazy_initialize`'s guard) that
`ensure_secret_loaded` fills too; the caller has awaited that method, on the same receiver,
handed to a call that runs it (a thread, a deadline), before it calls `verify_token`, in
the same block or under a test of that receiver alone (`if not service.secret_loaded():`,
false once the memo is full). So by then the memo holds its value, and the loop never makes
the slow call. A call that raises leaves the function before `verify_token` anyway.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from unjam.analysis.rules.rule import MAX_CALLS

if TYPE_CHECKING:
    from unjam.analysis.callgraph import CallGraph
    from unjam.analysis.project import Func, Project
    from unjam.analysis.summary import CallSite


def filled_before(
    project: Project, graph: CallGraph, path: list[tuple[str, int]], holder: int
) -> bool:
    """Whether a step of `path` before the memo's holder (its index on `path`) awaits a
    method of the receiver it then calls, handed to another call, that reaches the holder."""
    funcs = project.funcs
    memo = path[holder][0]
    for (gqn, line), (callee, _) in pairwise(path[: holder + 1]):
        caller = funcs.get(gqn)
        if caller is None:
            continue
        calls = _calls_into(caller, line, callee, project)
        if calls and all(_handed_first(project, graph, caller, call, memo) for call in calls):
            return True
    return False


def _calls_into(caller: Func, line: int, callee: str, project: Project) -> list[CallSite]:
    """The method calls on `line` into `callee` (`service.verify_token(token)`): the path
    may take any of them."""
    out = []
    for site in caller.fd.calls:
        if site.line != line or site.func[0] != "attr":
            continue
        target = project.callee(caller, site.func)
        if target is not None and target[1] == callee:
            out.append(site)
    return out


def _handed_first(
    project: Project, graph: CallGraph, caller: Func, call: CallSite, memo: str
) -> bool:
    receiver = call.func[1]
    for site in caller.fd.calls:
        if site.line >= call.line or not site.awaited:
            continue
        if not _runs_before(caller, site.guard, call.guard, receiver):
            continue
        for method in _bound_methods(site, receiver):
            target = project.callee(caller, method)
            if target is None or target[0] not in ("func", "meth"):
                continue
            if _reaches(graph, target[1], memo):
                return True
    return False


def _runs_before(caller: Func, guard: int, call_guard: int, receiver: tuple) -> bool:
    """Whether a call under guard `guard` runs whenever the call under `call_guard` does:
    in the same block, or under a test of the receiver alone nested in it."""
    if guard == call_guard:
        return True
    test = caller.fd.guards[guard] if guard >= 0 else None
    return test is not None and test.outer == call_guard and _mentions(test.subject, receiver)


def _mentions(ref: object, receiver: tuple) -> bool:
    if ref == receiver:
        return True
    return type(ref) is tuple and any(_mentions(part, receiver) for part in ref)


def _reaches(graph: CallGraph, start: str, goal: str) -> bool:
    """Whether `start` calls `goal` within MAX_CALLS calls (in the thread it runs in)."""
    layer, seen = [start], {start}
    for _ in range(MAX_CALLS + 1):
        if goal in layer:
            return True
        layer = [w for v in layer for w in graph.successors(v, "pool") if w not in seen]
        seen.update(layer)
    return False


def _bound_methods(site: CallSite, receiver: tuple) -> list[tuple]:
    """The arguments of `site` that are a method of `receiver`, not called (`service.load`)."""
    values = [*site.args, *(value for _, value in site.kwargs)]
    return [v for v in values if v[0] == "attr" and v[1] == receiver]
