"""What a launcher does before it starts serving: gpustack's `Server.start` calls
`load_pd_modes()` (which fills the module's catalog cache) and only then hands
`uvicorn.Server(config).serve()` to a task. The calls a function makes on lines before its
call that starts the server run once, before any request, as a lifespan's do before its
`yield` (blocking.py `_warmed_at_start`: a memo they fill makes no request wait).

Only a function that starts one of the servers named here, by its own call, on an app it
builds itself: what it does after that line, or in a loop around it, may run while requests
are served, and an app another launcher may serve runs none of it."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from unjam.analysis.callgraph import CallGraph
    from unjam.analysis.project import Func, Project
    from unjam.analysis.summary import CallSite, FuncDef

# the calls that start serving an ASGI app, by the outside name they resolve to
_SERVE = frozenset(
    {
        "uvicorn.run",
        "uvicorn.Server.run",
        "uvicorn.Server.serve",
        "uvicorn.server.Server.serve",
        "hypercorn.asyncio.serve",
        "hypercorn.trio.serve",
    }
)


def called_before_serving(project: Project, graph: CallGraph) -> set[str]:
    """The project functions a launcher calls before its call that starts the server."""
    out: set[str] = set()
    for name in ("run", "serve"):
        for func, site in project.sites_named(name):
            callee = project.callee(func, site.func)
            if callee is None or callee[0] != "ext" or callee[1] not in _SERVE:
                continue
            if _serves_its_own_app(func.fd, site):
                out |= _called_before(graph, func, site.line)
    return out


def _serves_its_own_app(fd: FuncDef, site: CallSite) -> bool:
    """Whether the server the call starts serves an app the function itself builds (`app =
    create_app(config)`, then `uvicorn.run(app)` or `uvicorn.Server(uvicorn.Config(app,
    ...)).serve()`): no other launcher can serve that one. A module's app (`uvicorn.run(app)`
    under `if __name__ == "__main__":`) may be served by `uvicorn main:app` too, which runs
    none of what the script does first."""
    if fd.qn == "<module>":
        return False
    if site.func[0] == "attr" and site.func[2] in ("serve", "run") and not site.args:
        server = _bound_call(fd, site.func[1])  # `server = uvicorn.Server(config)`
        config = _bound_call(fd, server[2][0]) if server and server[2] else None
        app = config[2][0] if config and config[2] else None
    else:
        app = site.args[0] if site.args else None
    return app is not None and (app[0] == "call" or _bound_call(fd, app) is not None)


def _bound_call(fd: FuncDef, ref: tuple) -> tuple | None:
    """The call a local of `fd` is bound to once (`config = uvicorn.Config(app)`), or the
    call `ref` itself."""
    if ref[0] == "call":
        return ref
    values = fd.locals.get(ref[1]) if ref[0] == "name" else None
    if not values or len(values) != 1 or values[0][0] != "call":
        return None
    return values[0]


def _called_before(graph: CallGraph, func: Func, line: int) -> set[str]:
    """The callees of `func`'s calls written before `line`, none in a loop (a function with
    a `for` loop may come back to them after serving began)."""
    if func.fd.iterated:
        return set()
    return {
        edge.callee
        for edge in graph.resolved(func.gqn).edges
        if edge.site >= 0 and edge.line < line
    }
