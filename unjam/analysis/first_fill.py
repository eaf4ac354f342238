"""Which call of an entry makes a memo's one slow call: the first one that reaches it.

`login` calls `create_token()` (which calls `get_config()`) and, two lines later,
`get_config()` itself; `get_config` fills a global on its first call. The shortest path to
the file read under that memo goes through the second call, but by then the first has
filled the memo: the stall happens where `login` calls `create_token`, and running *that*
call off the loop is the fix. So a first-call finding is printed through the earliest call,
in the order the code runs, that surely reaches the function holding the memo.

"Surely" is kept strict: the earlier call and every call from it down to the memo's holder
run on every pass (no test around them but the one around the call the path already takes,
not in an `except` handler), or under memo tests only (`if _client is None: _client =
Client()`, whose `__init__` fills the memo: on a later pass that call is skipped, but it was
made on an earlier one, and filled the memo then); otherwise the path stays as it was found.
"""

from __future__ import annotations

from unjam.analysis.callgraph import CallGraph
from unjam.analysis.callgraph_records import Edge

Path = list[tuple[str, int]]


def earliest_fill(graph: CallGraph, path: Path, holder: int, limit: int) -> Path:
    """`path` (entry first) rerouted through the earliest call that surely reaches
    `path[holder]`, the function whose call the memo makes once; `path` itself when none
    comes before the one it takes. `limit`: the most calls a path may have."""
    target = path[holder][0]
    toward = graph.distances_to(target, limit)
    for k in range(holder):
        func, line = path[k]
        taken = _edge_at(graph, func, line, path[k + 1][0])
        if taken is None:
            return path
        for edge in sorted(graph.resolved(func).edges, key=lambda e: (e.line, e.col)):
            if edge.line >= line:
                break
            if not _always(graph, func, edge, taken.guard) or edge.callee not in toward:
                continue
            down = _sure_descent(graph, edge.callee, target, toward)
            if down is None:
                continue
            rerouted = [*path[:k], (func, edge.line), *down, *path[holder:]]
            if len(rerouted) - 1 <= limit:
                return rerouted
    return path


def _edge_at(graph: CallGraph, func: str, line: int, callee: str) -> Edge | None:
    for edge in graph.resolved(func).edges:
        if edge.line == line and edge.callee == callee:
            return edge
    return None


def _always(graph: CallGraph, func: str, edge: Edge, guard: int) -> bool:
    """Whether the call runs whenever the caller gets as far as a call under `guard`, or
    did on an earlier pass: the tests around it are `guard`'s or memo tests."""
    if edge.on_error:
        return False
    if edge.guard < 0 or edge.guard == guard:
        return True
    if not edge.guarded:
        return False
    memo = graph.memo_guards_of(func)
    if memo is None:
        return False
    guards = graph.project.funcs[func].fd.guards
    index = edge.guard
    while index >= 0 and index != guard:
        if not memo.tests_a_memo(index):
            return False
        index = guards[index].outer
    return True


def _sure_descent(graph: CallGraph, start: str, target: str, toward: dict[str, int]) -> Path | None:
    """Steps from `start` down to (not including) `target`, each a call made on every pass
    and one call nearer, or None when there is no such way."""
    steps: Path = []
    current = start
    while current != target:
        nearer = toward[current] - 1
        ways = [
            edge
            for edge in graph.resolved(current).edges
            if toward.get(edge.callee) == nearer and _always(graph, current, edge, -1)
        ]
        if not ways:
            return None
        step = min(ways, key=lambda e: (e.line, e.col))
        steps.append((current, step.line))
        current = step.callee
    return steps
