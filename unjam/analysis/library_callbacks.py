"""Coroutine functions handed to a library whose answer the caller returns.

    def stream_chat(request):
        async def run(controller):
            rows = session.exec(select(File)).all()   # blocks the loop
            ...
        return create_run(run)    # assistant_stream: the stream runs `run` as it is read

A library that takes an `async def` can only run it on an event loop: the loop of the code
that consumes what it built — the response streaming it, when a route returns that stream.
So a nested `async def` handed to a library call whose value the function returns (as is,
or through a local) is taken as run there, on the loop, as a lambda handed to a library is.
A registration whose value is dropped (`router.add_api_route(path, handler)`, a scheduler's
`add_job(job)`) says nothing of when the function runs, and adds nothing here.
"""

from __future__ import annotations

from unjam.analysis.callgraph_lazy import call_ref
from unjam.analysis.project import Func, Project
from unjam.analysis.summary import CallSite, FuncDef


def returned_callbacks(project: Project, func: Func, site: CallSite) -> list[str]:
    """The project `async def`s nested in `func` that `site` (a library call) is handed,
    when `func` returns the call's value: their gqns, else none."""
    fd = func.fd
    handed = (*site.args, *(value for _key, value in site.kwargs))
    names = [arg[1] for arg in handed if arg[0] == "name" and arg[1] in fd.local_defs]
    if not names or not _returns(fd, call_ref(site)):
        return []
    found = []
    for name in names:
        gqn = f"{func.mod.name}.{fd.local_defs[name]}"
        target = project.funcs.get(gqn)
        if target is not None and target.fd.is_async and not target.fd.is_generator:
            found.append(gqn)
    return found


def _returns(fd: FuncDef, made: tuple) -> bool:
    """Whether `fd` returns the value `made` (a call ref) gives, as is or through a local."""
    for ref in fd.return_values:
        if ref == made or (ref[0] == "name" and made in fd.locals.get(ref[1], ())):
            return True
    return False
