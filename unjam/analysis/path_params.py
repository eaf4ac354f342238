"""Routes FastAPI answers 422 every time: the endpoint declares a path parameter its path does
not have (`shop_id: int = Path(...)` on `@router.get("/stats/summary")`). The parameter is
always missing, so FastAPI never calls the endpoint: nothing its body does is served."""

from __future__ import annotations

import re

from unjam.analysis.project import Func, Project
from unjam.analysis.summary import Param
from unjam.model import UNREAD_PREFIX

_PATH_APIS = frozenset(("fastapi.Path", "fastapi.param_functions.Path", "fastapi.params.Path"))
_PLACEHOLDER = re.compile(r"{([^}:]+)(?::[^}]*)?}")  # `{item_id}`, `{file_path:path}`


def lacks_a_path_param(project: Project, endpoint: Func, route_path: str, full_path: str) -> bool:
    """Whether `endpoint`, served at `full_path` (its `route_path` under the prefixes above
    it, each where unjam sees it given), declares a `Path(...)` parameter that has no
    placeholder there. Unknown when the route's own path is unread; a prefix whose value
    unjam cannot read (`prefix=settings.API_V1_STR`) is taken to hold none, as an app's
    version prefix does (one with a placeholder is written out where the router is made or
    included)."""
    if UNREAD_PREFIX in route_path:
        return False
    placeholders = set(_PLACEHOLDER.findall(full_path))
    scope = project.parent_scope(endpoint)
    for param in endpoint.fd.params:
        call = _path_call(project, scope, param)
        if call is not None and _name(call, param) not in placeholders:
            return True
    return False


def _path_call(project: Project, scope: Func, param: Param) -> tuple | None:
    """The `Path(...)` call a parameter declares (its default, or in `Annotated[...]`)."""
    candidates = [param.default, *project.annotated_metadata(scope, param.annotation)]
    for ref in candidates:
        if ref is not None and ref[0] == "call":
            api = project.value_of(scope, ref[1])
            if api is not None and api[0] == "ext" and api[1] in _PATH_APIS:
                return ref
    return None


def _name(call: tuple, param: Param) -> str:
    """The name FastAPI reads the parameter by: its `alias=`, else its own."""
    for key, value in call[3]:
        if key == "alias" and value[0] == "const" and isinstance(value[1], str):
            return value[1]
    return param.name
