"""`Depends(X)` given a type alias, `X = Annotated[T, Depends(dep)]`, where `Depends(dep)`
or the annotation `X` was meant. FastAPI takes the alias for the callable to call and reads
its signature, `(*args, **kwargs)` (typing's aliases forward any call to `T`), as two
required query parameters: every request that does not send `?args=…&kwargs=…` is answered
422, and one that does calls `T(args=…, kwargs=…)` in place of `dep`. No client sends them,
so the endpoint's body never runs (rules_engine `_never_served` drops the route)."""

from __future__ import annotations

from unjam.analysis.project import Func, Project


def depends_on_an_alias(project: Project, func: Func) -> bool:
    """Whether a parameter of `func` (an endpoint or a dependency) is `Depends(X)`, as its
    default or in its `Annotated[...]`, with X an `Annotated[...]` alias."""
    for param in func.fd.params:
        found = project.param_depends(func, param)
        if found is None:
            continue
        scope, call = found
        given = call[2][0] if call[2] else dict(call[3]).get("dependency")
        named = given is not None and given[0] in ("name", "attr")
        if named and project.annotated_metadata(scope, given):
            return True
    return False
