"""Endpoints under slowapi's `@limiter.limit(…)` whose parameter named `request` is no
Starlette request: `async def login(request: LoginIn, …)` with `LoginIn` a pydantic model,
or `request` left unannotated (a query parameter, a string). slowapi finds the parameter by
its name as it decorates; on every call its wrapper checks the object it is handed and
raises ("parameter `request` must be an instance of starlette.requests.Request") before the
endpoint's body runs, so the route answers 500 and none of its code runs (rules_engine
`_never_served`). A project that builds a limiter with `enabled=` is left alone: a disabled
limiter checks nothing.
"""

from __future__ import annotations

from unjam.analysis.project import Func, Project
from unjam.analysis.raising_calls import SLOWAPI_LIMIT_NAMES, SLOWAPI_LIMITS
from unjam.analysis.summary import last_name

_REQUESTS = frozenset(
    {
        "starlette.requests.Request",
        "starlette.requests.HTTPConnection",
        "fastapi.Request",
        "fastapi.requests.Request",
    }
)


def refuses_its_request(project: Project, func: Func) -> bool:
    """Whether slowapi's wrapper raises on every call of the endpoint `func`."""
    fd = func.fd
    named = next((p for p in fd.params if p.name in ("request", "websocket")), None)
    if named is None or named.name != "request":
        return False
    scope = project.parent_scope(func)
    if not any(_limits(project, scope, decorator) for decorator, _, _ in fd.decorators):
        return False
    if any("enabled" in dict(site.kwargs) for _, site in project.sites_named("Limiter")):
        return False
    return _no_request(project, scope, named.annotation)


def _limits(project: Project, scope: Func, decorator: tuple) -> bool:
    if decorator[0] != "call" or last_name(decorator[1]) not in SLOWAPI_LIMIT_NAMES:
        return False
    callee = project.callee(scope, decorator[1])
    return callee is not None and callee[0] == "ext" and callee[1] in SLOWAPI_LIMITS


def _no_request(project: Project, scope: Func, annotation: tuple | None) -> bool:
    """Whether the annotation surely gives no request: none (a query parameter), or one of
    the project's classes that does not derive from Starlette's `Request`."""
    if annotation is None:
        return True
    value = project.annotation_type(scope, annotation)
    if value is None or value[1] not in project.classes:
        return False
    outside = project.mro(value[1])[1]
    return not any(base in _REQUESTS for base in outside)
