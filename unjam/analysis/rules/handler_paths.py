"""Blocking calls reached only through an `except` handler of a function whose normal path
blocks too: `seed()` copies a template and, when that fails, calls `_wipe()`, whose
`shutil.rmtree` is the only blocking call there. The normal path's calls are the finding,
and the fix that moves `seed()` off the loop moves the handler's call with it, so the
handler's is folded into them, as one made in the handler itself is (blocking.py's
`_cleanup_only`) — unless the entry reaches it another way, through no handler, or the
handler is the entry's own or an `async def`'s (`except: _cleanup_uploaded_file(path)` in
the route: its other blocking calls are moved off the loop one by one, not with it)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

from unjam.analysis.rules.rule import MAX_CALLS

if TYPE_CHECKING:
    from unjam.analysis.callgraph import CallGraph
    from unjam.analysis.callgraph_records import Site


def only_through_a_handler(
    graph: CallGraph,
    roots: Callable[[], Sequence[str]],
    site: Site,
    path: list[tuple[str, int]],
    never_runs: Callable[[Site], bool],
) -> bool:
    """Whether `path` enters its next step from an `except` handler of a sync function it
    calls from the loop, whose normal path blocks, and no path from `roots()` (asked for
    only then) reaches `site` without a handler's call. (Not a handler of the entry, nor of
    an `async def`: their normal path's calls are moved off the loop one by one, which
    leaves the handler's.)"""
    funcs = graph.project.funcs
    for (gqn, line), (callee, _) in pairwise(path[1:]):
        if funcs[gqn].fd.is_async:
            continue
        edges = [e for e in graph.resolved(gqn).edges if e.callee == callee and e.line == line]
        if edges and all(e.on_error for e in edges) and _blocks_normally(graph, gqn, never_runs):
            return not _reached_plainly(graph, roots(), site)
    return False


def _reached_plainly(graph: CallGraph, roots: Sequence[str], site: Site) -> bool:
    """Whether a root reaches `site` within MAX_CALLS calls, none made in a handler (only
    the roots that near: a path searched from each of thousands of entries costs seconds)."""
    toward = graph.distances_to(site.func, MAX_CALLS)
    return any(
        graph.paths(root, [site], "loop", MAX_CALLS, lambda e: e.on_error, toward)
        for root in roots
        if root in toward
    )


def _blocks_normally(graph: CallGraph, gqn: str, never_runs: Callable[[Site], bool]) -> bool:
    """Whether the function blocks outside its `except` handlers: a call of its own, or one
    a function it calls there reaches."""
    resolved = graph.resolved(gqn)
    if any(s not in resolved.on_error and not never_runs(s) for s in resolved.blocking):
        return True
    return any(not e.on_error and graph.reach(e.node(), "loop") for e in resolved.edges)
