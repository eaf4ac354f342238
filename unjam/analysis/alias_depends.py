"""`Depends(X)` given a type alias, `X = Annotated[T, Depends(dep)]`, where `Depends(dep)`
or the annotation `X` was meant. FastAPI takes the alias for the callable to call and reads
its signature, `(*args, **kwargs)` (typing's aliases forward any call to `T`), as two
required query parameters: every request that does not send `?args=…&kwargs=…` is answered
422, and one that does calls `T(args=…, kwargs=…)` in place of `dep`. No client sends them,
so the endpoint's body never runs: rules_engine leaves the route out, and the check says so
where the `Depends` is written (unseen_routes.py `refused_route_notes`): it is a bug to fix."""

from __future__ import annotations

from unjam.analysis.project import Func, Project
from unjam.analysis.summary import last_name


def alias_depended_on(project: Project, func: Func) -> str:
    """The alias (`GetProductDep`) a parameter of `func` (an endpoint or a dependency) hands
    `Depends(...)`, as its default or in its `Annotated[...]`; "" when none does."""
    for param in func.fd.params:
        found = project.param_depends(func, param)
        if found is None:
            continue
        scope, call = found
        given = call[2][0] if call[2] else dict(call[3]).get("dependency")
        named = given is not None and given[0] in ("name", "attr")
        if named and project.annotated_metadata(scope, given):
            return last_name(given) or ""
    return ""


def refused_note(alias: str, labels: list[str]) -> str:
    """What the check says where `Depends(alias)` is written, of the routes it leaves out."""
    if len(labels) == 1:
        refused = labels[0]
    else:
        more = f" and {len(labels) - 3} more" if len(labels) > 3 else ""
        refused = f"the {len(labels)} routes that need it ({', '.join(labels[:3])}{more})"
    return (
        f"`Depends({alias})` is given an `Annotated` alias: FastAPI reads its signature as "
        f"required query parameters `args` and `kwargs` and answers every request of "
        f"{refused} 422 (name the function in `Depends(...)`, or annotate the parameter with "
        f"`{alias}` alone); not checked until then"
    )
