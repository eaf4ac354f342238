"""Routes FastAPI refuses as it registers them: a route decorator given no `response_model`
takes the endpoint's return annotation as its response model (FastAPI 0.89 and later), and a
union that holds a Response class (`-> Union[dict, JSONResponse]`, `-> dict | Response`,
`-> Optional[JSONResponse]`) is no pydantic field type: FastAPI raises FastAPIError ("Invalid
args for response field") while the module loads, so the app importing it cannot start
(raising_calls.py `_union_response_annotations`). A bare Response class is fine: FastAPI
then builds no response model."""

from __future__ import annotations

from pathlib import Path

from unjam.analysis.declared_versions import app_folders, declared_below
from unjam.analysis.project import Func, Project

_RESPONSE_MODULES = ("starlette.responses.", "fastapi.responses.", "fastapi.Response")
_UNIONS = frozenset({"Union", "Optional"})


def refused_annotation(project: Project, scope: Func, root: Path, func: Func) -> bool:
    """Whether FastAPI would refuse `func`'s return annotation as a response model: a union
    holding a Response class, under a FastAPI the project does not pin below 0.89."""
    parts = _union_parts(func.fd.returns) if func.fd.returns is not None else []
    if len(parts) < 2 or not any(_a_response(project, scope, part) for part in parts):
        return False
    # (before 0.89, FastAPI read no return annotation)
    return not declared_below(root, app_folders([func.mod.path]), "fastapi", (0, 89, 0))


def _union_parts(ref: tuple) -> list[tuple]:
    """The members of `Union[A, B]`, `Optional[A]` (A and None) or `A | B`, else []."""
    if ref[0] == "binop" and ref[1] == "BitOr":
        return [*(_union_parts(ref[2]) or [ref[2]]), *(_union_parts(ref[3]) or [ref[3]])]
    if ref[0] == "sub" and ref[1][-1] in _UNIONS and isinstance(ref[2], tuple):
        members = list(ref[2])
        return [*members, ("const", None)] if ref[1][-1] == "Optional" else members
    return []


def _a_response(project: Project, scope: Func, ref: tuple) -> bool:
    """Whether `ref` names a Starlette or FastAPI Response class, or a project subclass."""
    value = project.value_of(scope, ref) if ref[0] in ("name", "attr") else None
    if value is None:
        return False
    if value[0] == "ext":
        return value[1].startswith(_RESPONSE_MODULES) and value[1].endswith("Response")
    if value[0] == "class":
        return any(base.startswith(_RESPONSE_MODULES) for base in project.mro(value[1])[1])
    return False


def refused_reason(func: Func, line: int) -> str:
    return (
        f"{func.mod.path} registers `{func.fd.name}` (line {line}) with no `response_model`, "
        "and its return annotation is a union holding a Response class, no pydantic field "
        'type: FastAPI raises FastAPIError ("Invalid args for response field") as it '
        "registers the route, while the module loads (pass `response_model=None`)"
    )
