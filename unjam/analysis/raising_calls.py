"""Modules that raise as they load because their top level makes a call that raises whatever
the environment, or reads a name another module lacks, so the app importing them cannot
start (unstartable.py):

- pydantic 2's `Field(regex=…)` (also `const=`, `unique_items=`) in a model's class body,
  where the project declares pydantic 2: `Field` raises PydanticUserError ("`regex` is
  removed. use `pattern` instead") as the class is built;
- slowapi's `@limiter.limit(…)` (or `shared_limit`) on a function with no parameter named
  `request` or `websocket`: slowapi reads the signature as it decorates and raises;
- a route registered with a `response_model=` that is a list or dict display, not a type
  (`response_model=[Item]`): FastAPI raises as it builds the response field;
- a function, not `Depends(...)`, in the `dependencies=` of a module-level `include_router`
  or a route decorator (`dependencies=[limiter()]`, the limiter a function): FastAPI reads
  each item's `.dependency` as it adds the routes (AttributeError);
- a decorator or a parameter default of a module-level function reading an attribute that a
  project module it imports surely lacks (`response_model=schemas.UserResponse` where
  schemas.py defines no `UserResponse`; missing_attributes.py): AttributeError;
- a setting a pydantic settings object lacks, read at the module's top level
  (`AudioService(settings.elevenlabs_api_key)`; settings_reads.py): AttributeError;
- a second model class of one base declaring a table the module already declared
  (duplicate_tables.py): InvalidRequestError;
- a route given no `response_model` whose return annotation is a union holding a Response
  class (`-> Union[dict, JSONResponse]`; response_fields.py): FastAPIError.

Only what the module's own top level runs counts (a class or a def not under an `if`, a
`try`, a `with` or a loop), and only decorators below which there is none but a route
registration (`@router.post(...)` hands the function back as it was).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from unjam.analysis.duplicate_tables import tables_declared_twice
from unjam.analysis.missing_attributes import imported_modules, module_lacks
from unjam.analysis.missing_names import pydantic_2
from unjam.analysis.project import Func, Module, Project
from unjam.analysis.response_fields import refused_annotation, refused_reason
from unjam.analysis.settings_reads import missing_settings
from unjam.analysis.summary import last_name
from unjam.analysis.top_level_imports import Trees, top_level_statement

_FIELDS = frozenset({("ext", "pydantic.Field"), ("ext", "pydantic.fields.Field")})
_REMOVED = {
    "regex": "pass `pattern=` instead",
    "const": "annotate the field with a `Literal` instead",
    "unique_items": "annotate the field with a set type instead",
}
SLOWAPI_LIMITS = frozenset(
    f"slowapi.{where}Limiter.{name}"
    for where in ("", "extension.")
    for name in ("limit", "shared_limit")
)
SLOWAPI_LIMIT_NAMES = frozenset({"limit", "shared_limit"})
_APPS = frozenset({"fastapi.APIRouter", "fastapi.FastAPI"})
_ROUTE_METHODS = frozenset(
    {"get", "post", "put", "patch", "delete", "head", "options", "api_route", "websocket"}
)


@dataclass(frozen=True)
class RaisingCall:
    module: Module
    line: int
    reason: str  # what raises, and why, from the module's path on
    until: str = "the call is fixed"  # what the reason's last words wait for


def raising_calls(project: Project, root: Path) -> list[RaisingCall]:
    """The top-level calls of project modules that always raise as the module loads."""
    trees = Trees(root)
    found = [
        *_removed_field_arguments(project, root),
        *_limits_without_request(project),
        *_displays_as_response_models(project),
        *_missing_module_attributes(project, root, trees),
        *_plain_dependencies(project),
        *(
            RaisingCall(mod, line, reason, "the setting is declared")
            for mod, line, reason in missing_settings(project, trees)
        ),
        *(
            RaisingCall(mod, line, reason, "the table is declared once")
            for mod, line, reason in tables_declared_twice(project, trees)
        ),
        *_union_response_annotations(project, root),
    ]
    return [call for call in found if _at_top_level(trees.of(call.module), call.line)]


def _removed_field_arguments(project: Project, root: Path) -> list[RaisingCall]:
    found = []
    for func, site in project.sites_named("Field"):
        if func.fd.qn != "<module>" or project.callee(func, site.func) not in _FIELDS:
            continue
        removed = [
            name for name, value in site.kwargs if name in _REMOVED and value != ("const", None)
        ]
        if not removed:
            continue
        declared = pydantic_2(root, func.mod, project.primary)
        if declared == "-":
            continue
        name = removed[0]
        found.append(
            RaisingCall(
                func.mod,
                site.line,
                f"{func.mod.path} calls pydantic's `Field(..., {name}=...)` (line {site.line}), "
                f"which pydantic 2 ({declared}) no longer takes: building the model raises "
                f"PydanticUserError as the module loads ({_REMOVED[name]})",
            )
        )
    return found


def _decorated_functions(project: Project) -> Iterator[tuple[Func, Func]]:
    """(function, its module's scope) of each decorated module-level function."""
    for func in project.funcs.values():
        fd = func.fd
        if fd.decorators and fd.class_qn is None and fd.parent is None:
            yield func, project.module_scope(func.mod)


def _limits_without_request(project: Project) -> list[RaisingCall]:
    found = []
    for func, scope in _decorated_functions(project):
        fd = func.fd
        if any(param.name in ("request", "websocket") for param in fd.params):
            continue
        for i, (decorator, line, _col) in enumerate(fd.decorators):
            if decorator[0] != "call" or last_name(decorator[1]) not in SLOWAPI_LIMIT_NAMES:
                continue
            callee = project.callee(scope, decorator[1])
            if callee is None or callee[0] != "ext" or callee[1] not in SLOWAPI_LIMITS:
                continue
            if all(_registers(below) for below, _, _ in fd.decorators[i + 1 :]):
                found.append(
                    RaisingCall(
                        func.mod,
                        line,
                        f"{func.mod.path} decorates `{fd.name}` with slowapi's "
                        f"`{last_name(decorator[1])}` "
                        f"(line {line}), but `{fd.name}` has no parameter named `request` "
                        "or `websocket`: slowapi raises as it decorates, while the module "
                        "loads (add `request: Request` to its parameters)",
                    )
                )
            break
    return found


def _displays_as_response_models(project: Project) -> list[RaisingCall]:
    found = []
    for func, scope in _decorated_functions(project):
        fd = func.fd
        for decorator, line, _col in fd.decorators:
            if not _registers(decorator):
                continue
            model = dict(decorator[3]).get("response_model")
            if model is None or model[0] not in ("list", "dict"):
                continue
            owner = project.value_of(scope, decorator[1][1])
            if owner is None or owner[1] not in _APPS:
                continue
            found.append(
                RaisingCall(
                    func.mod,
                    line,
                    f"{func.mod.path} registers `{fd.name}` with a {model[0]} display as its "
                    f"`response_model` (line {line}), not a type: FastAPI raises as it "
                    "registers the route, while the module loads (write `list[Item]`)",
                )
            )
    return found


def _union_response_annotations(project: Project, root: Path) -> list[RaisingCall]:
    """A route given no `response_model` whose return annotation is a union holding a
    Response class (response_fields.py)."""
    found = []
    for func, scope in _decorated_functions(project):
        for decorator, line, _col in func.fd.decorators:
            if (
                not _registers(decorator)
                or decorator[1][2] == "websocket"
                or "response_model" in dict(decorator[3])
            ):
                continue
            owner = project.value_of(scope, decorator[1][1])
            if owner is None or owner[1] not in _APPS:
                continue
            if refused_annotation(project, scope, root, func):
                found.append(
                    RaisingCall(
                        func.mod,
                        line,
                        refused_reason(func, line),
                        "the route is given `response_model=None`",
                    )
                )
            break
    return found


def _missing_module_attributes(project: Project, root: Path, trees: Trees) -> list[RaisingCall]:
    """`@router.post("/signup", response_model=schemas.UserResponse)` or `db=Depends(
    database.get_db)`, where the project module `schemas` (`database`) defines no such name:
    reading it as the decorator or the default is evaluated raises AttributeError; so does
    a module-level call's (`app.include_router(crypto.router)` after a second import bound
    `crypto` to a models module)."""
    found = []
    imported: dict[str, dict[str, Module]] = {}
    for func in _top_level_functions(project, with_modules=True):
        fd = func.fd
        if fd.qn == "<module>":
            refs = [
                (ref, site.line)
                for site in fd.calls
                if site.guard < 0
                for ref in (site.func, *site.args, *(value for _k, value in site.kwargs))
            ]
        else:
            refs = [(ref, line) for ref, line, _col in fd.decorators]
            refs += [(param.default, fd.line) for param in fd.params if param.default is not None]
        for ref, line in refs:
            for name, attr in _surely_read_attributes(ref):
                modules = imported.get(func.mod.name)
                if modules is None:
                    modules = imported[func.mod.name] = imported_modules(project, func.mod)
                target = modules.get(name)
                if target is None or not module_lacks(project, root, target, attr):
                    continue
                if fd.qn == "<module>" and not _bound_last_by_import(
                    trees.of(func.mod), name, line
                ):
                    continue
                doing = "as it loads" if fd.qn == "<module>" else f"as it defines `{fd.name}`"
                found.append(
                    RaisingCall(
                        func.mod,
                        line,
                        f"{func.mod.path} reads `{name}.{attr}` {doing} (line {line}), but "
                        f"{target.path} defines no `{attr}`: importing {func.mod.path} raises "
                        "AttributeError",
                        "the name is defined",
                    )
                )
    return found


def _bound_last_by_import(tree: ast.Module | None, name: str, line: int) -> bool:
    """Whether, of the statements of the module's own body, the last that binds `name`
    before `line` is an import (the one the summary keeps), and none binds it after."""
    if tree is None:
        return False
    last = None
    for stmt in tree.body:
        if name in _names_bound(stmt):
            last = stmt
    return isinstance(last, ast.Import | ast.ImportFrom) and last.lineno < line


def _names_bound(stmt: ast.stmt) -> set[str]:
    """The names a top-level statement may bind (anything nested counts)."""
    found = set()
    for node in ast.walk(stmt):
        if isinstance(node, ast.alias):
            found.add((node.asname or node.name).partition(".")[0])
        elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            found.add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.add(node.name)
    return found


def _plain_dependencies(project: Project) -> list[RaisingCall]:
    """`app.include_router(r, dependencies=[limiter()])` or `@router.get("/", dependencies=
    [check])` where an item is a function, not `Depends(...)`: FastAPI reads each item's
    `.dependency` as it adds the routes, and a function has none (AttributeError)."""
    found = []
    registrations = [
        (scope, site.line, site.kwargs, "include_router")
        for scope, site in project.sites_named("include_router")
        if scope.fd.qn == "<module>"
    ]
    for func, scope in _decorated_functions(project):
        for decorator, line, _col in func.fd.decorators:
            if _registers(decorator):
                registrations.append((scope, line, decorator[3], func.fd.name))
    for scope, line, kwargs, what in registrations:
        listed = dict(kwargs).get("dependencies")
        if listed is None or listed[0] not in ("list", "tuple"):
            continue
        for item in listed[1]:
            value = project.value_of(scope, item)
            if value is not None and value[0] == "func":
                shown = f"{last_name(item[1])}()" if item[0] == "call" else last_name(item)
                found.append(
                    RaisingCall(
                        scope.mod,
                        line,
                        f"{scope.mod.path} lists `{shown}` in the `dependencies=` of "
                        f"`{what}` (line {line}), a function, not `Depends(...)`: FastAPI "
                        "raises AttributeError as it adds the routes, while the module loads "
                        f"(write `Depends({shown})`)",
                    )
                )
                break
    return found


def _top_level_functions(project: Project, with_modules: bool = False) -> Iterator[Func]:
    """Each module-level function (not a method, not a nested one), and, `with_modules`,
    each module's own body."""
    for func in project.funcs.values():
        fd = func.fd
        if fd.class_qn is None and fd.parent is None and (with_modules or fd.qn != "<module>"):
            yield func


def _surely_read_attributes(ref: tuple) -> Iterator[tuple[str, str]]:
    """(name, attribute) of each `name.attribute` a ref reads, leaving out what may not be
    evaluated: a conditional expression, an `and`/`or` (its first operand too, to keep this
    simple), a lambda's body."""
    if type(ref) is not tuple or not ref or ref[0] in ("ifexp", "boolop", "lambda"):
        return
    if ref[0] == "attr" and len(ref) == 3 and ref[1][:1] == ("name",):
        if isinstance(ref[1][1], str) and isinstance(ref[2], str):
            yield ref[1][1], ref[2]
        return
    for part in ref if type(ref[0]) is tuple else ref[1:]:  # (a tuple of refs, or a ref)
        if type(part) is tuple:
            yield from _surely_read_attributes(part)


def _registers(decorator: tuple) -> bool:
    """`@router.post("/x")`: a route registration, which hands the function back as it was."""
    return (
        decorator[0] == "call" and decorator[1][0] == "attr" and decorator[1][2] in _ROUTE_METHODS
    )


def _at_top_level(tree: ast.Module | None, line: int) -> bool:
    """Whether the statement holding `line` is one the module runs as it loads, whatever
    happens: a class or a def of its own body, an expression or an assignment."""
    return isinstance(
        top_level_statement(tree, line),
        ast.ClassDef
        | ast.FunctionDef
        | ast.AsyncFunctionDef
        | ast.Expr
        | ast.Assign
        | ast.AnnAssign,
    )
