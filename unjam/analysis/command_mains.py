"""Which coroutines of a project without an app are a command's main, not a service: run by
`asyncio.run(main())` (or `loop.run_until_complete(main())`), or a Modal
`@app.local_entrypoint()`, and serving nothing — no server started in anything they reach.
Such a program (an example script, a CLI command, a batch job, even one that runs tasks
side by side) answers no request: a blocking call there slows only the command itself, and
it is not served code (docs/check.md, "What counts as served code"). A coroutine some other
code awaits, or a library's, stays an entry.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from unjam.analysis.fastapi_records import _last_name

if TYPE_CHECKING:
    from unjam.analysis.callgraph import CallGraph
    from unjam.analysis.project import Project

# what starts a service on the loop (by the called name: a false match only keeps an entry)
_SERVES = frozenset(
    {
        "serve",
        "serve_forever",
        "start_server",
        "start_unix_server",
        "create_server",
        "create_unix_server",
        "run_app",
        "start",
        "run_forever",
    }
)
_RUNNERS = frozenset({"run", "run_until_complete"})
# names too common to tell on their own: a server only when an outside callee is known
_GENERIC = frozenset({"start", "run_forever"})


def command_mains(project: Project, graph: CallGraph, roots: list[str]) -> set[str]:
    """The `roots` that are commands' mains."""
    run = _run_by_a_runner(project, graph)
    return {
        gqn
        for gqn in roots
        if (gqn in run or _local_entrypoint(project, gqn)) and not _serves(project, graph, gqn)
    }


def _run_by_a_runner(project: Project, graph: CallGraph) -> set[str]:
    """Coroutines some call hands straight to `asyncio.run(...)`/`run_until_complete(...)`,
    or to a project function that hands its parameter on to one (`def run_async(coro):
    return asyncio.run(coro)`, a CLI's helper)."""
    wrappers = _runner_wrappers(project)
    callers = [func for func in project.funcs.values() if _calls_a_runner(func)]
    for name in {gqn.rpartition(".")[2] for gqn in wrappers}:
        callers += [func for func, _site in project.sites_named(name)]
    out: set[str] = set()
    for func in {id(f): f for f in callers}.values():
        calls = func.fd.calls
        for edge in graph.resolved(func.gqn).edges:
            if edge.site < 0 or calls[edge.site].arg_of < 0:
                continue
            outer = calls[calls[edge.site].arg_of].func
            if _is_runner(outer) or _callee(project, func, outer) in wrappers:
                out.add(edge.callee)
    return out


def _runner_wrappers(project: Project) -> set[str]:
    """Project functions that hand one of their parameters to a runner as it is."""
    out: set[str] = set()
    for gqn, func in project.funcs.items():
        names = {param.name for param in func.fd.params}
        if any(
            _is_runner(call.func)
            and call.args
            and call.args[0][0] == "name"
            and call.args[0][1] in names
            for call in func.fd.calls
        ):
            out.add(gqn)
    return out


def _calls_a_runner(func) -> bool:
    return any(_is_runner(call.func) for call in func.fd.calls)


def _callee(project: Project, func, ref: tuple) -> str | None:
    callee = project.callee(func, ref)
    return callee[1] if callee is not None else None


def _is_runner(ref: tuple) -> bool:
    return ref[0] == "attr" and ref[2] in _RUNNERS


def _local_entrypoint(project: Project, gqn: str) -> bool:
    """`@app.local_entrypoint()`: Modal runs it once, from the command line."""
    func = project.funcs.get(gqn)
    return func is not None and any(
        ref[0] == "call" and ref[1][0] == "attr" and ref[1][2] == "local_entrypoint"
        for ref, _line, _col in func.fd.decorators
    )


def _starts_a_server(project: Project, func, ref: tuple) -> bool:
    """Whether a call named like one that starts a service may start one: not when it is
    the project's own function (`await browser.start()`: what it calls is searched in turn),
    nor a `start()` or `run_forever()` but of an outside server, site or loop (aiohttp's
    `TCPSite.start()` counts; `thread.start()`, `match.start()` do not)."""
    name = _last_name(ref)
    if name not in _SERVES:
        return False
    callee = project.callee(func, ref)
    if callee is None:
        return name not in _GENERIC  # (`match.start()` of an unknown receiver: no sign)
    if callee[0] in ("func", "meth", "class"):
        return False
    if name in _GENERIC:  # `site.start()`, `server.start()`, `loop.run_forever()`
        owner = callee[1].rpartition(".")[0].rpartition(".")[2].lower()
        return owner.endswith(("server", "site", "loop"))
    return True


def _serves(project: Project, graph: CallGraph, root: str) -> bool:
    seen = {root}
    queue = deque(seen)
    while queue:
        gqn = queue.popleft()
        func = project.funcs.get(gqn)
        if func is None:
            continue
        if any(_starts_a_server(project, func, call.func) for call in func.fd.calls):
            return True
        for callee in graph.successors(gqn, "loop"):
            if callee not in seen:
                seen.add(callee)
                queue.append(callee)
    return False
