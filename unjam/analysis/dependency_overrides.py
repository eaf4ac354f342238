"""Dependencies an app replaces in its own code: `app.dependency_overrides[get_user] =
get_session_user` at the top of a served module, or in the body of the function that builds
the app (`create_app()`). FastAPI then calls the replacement wherever
a route depends on the original, so the original's body never runs for those routes, and the
replacement's does (with its own dependencies).

Tests set overrides too, but test code is not analysed; what is found here is the program's.
The summaries record only that `app.dependency_overrides` is changed in place, not the key
and value, so only the few modules that do are parsed, with `ast`."""

from __future__ import annotations

import ast
from pathlib import Path

from unjam.analysis.fastapi_records import APP
from unjam.analysis.imported import may_be_imported
from unjam.analysis.project import Module, Project
from unjam.analysis.top_level_imports import Trees

# a replacement unjam cannot name (a lambda, a call's result): the original does not run,
# and what does is not seen
UNSEEN = ("unseen",)


def dependency_overrides(project: Project, root: Path | None) -> dict[tuple, tuple]:
    """What each overridden dependency is replaced by (or `UNSEEN`), by (the symbol of the
    app whose `dependency_overrides` it is — None when unjam cannot name it —, the
    dependency's value: ("func", gqn), ("class", gqn), …): another app of the program keeps
    calling the original (`reader.dependency_overrides[current_user] = ...` in reader.py
    leaves main.py's app alone)."""
    found: dict[tuple, tuple] = {}
    if root is None:
        return found
    trees = Trees(root)
    for mod in project.unique_modules():
        scopes = [
            project.funcs[f"{mod.name}.{fd.qn}"]
            for fd in mod.summary.funcs.values()
            if fd.mutated
            and (fd.qn == "<module>" or (fd.parent is None and fd.class_qn is None))
            and any(_overrides(ref) for ref in fd.mutated)
            and f"{mod.name}.{fd.qn}" in project.funcs
        ]
        tree = trees.of(mod) if scopes else None
        if tree is None:
            continue
        for scope in scopes:
            for stmt in _body(tree, scope):
                _override(project, mod, scope, stmt, found)
    return found


def _body(tree: ast.Module, scope) -> list[ast.stmt]:
    """The statements of the scope's own body: the module's, or a top-level function's
    (`create_app()`, an app builder: what it always does, not what an `if` may)."""
    if scope.fd.qn == "<module>":
        return tree.body
    for node in tree.body:
        if (
            isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.name == scope.fd.name
            and node.lineno == scope.fd.line
        ):
            return node.body
    return []


def _override(project: Project, mod: Module, scope, stmt: ast.stmt, found: dict) -> None:
    """`app.dependency_overrides[original] = replacement`, recorded in `found`."""
    if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1:
        return
    target = stmt.targets[0]
    if not isinstance(target, ast.Subscript) or not isinstance(target.value, ast.Attribute):
        return
    if target.value.attr != "dependency_overrides":
        return
    app = project.value_of(scope, _ref(target.value.value))
    if app is None or app[0] not in ("inst", "obj") or not _an_app(project, app):
        return
    original = project.value_of(scope, _ref(target.slice))
    if original is None:
        return
    replacement = _lambda(project, mod, scope, stmt.value) or project.value_of(
        scope, _ref(stmt.value)
    )
    if replacement is None or replacement[0] not in ("func", "meth", "class"):
        replacement = UNSEEN
    if scope.fd.qn == "<module>":
        if _a_script_s(project, mod, target.value.value):
            return
        symbol = _app_symbol(project, mod, target.value.value)
    else:  # (a builder's own app: `app = FastAPI()` in `create_app`)
        symbol = project.symbol(scope, _ref(target.value.value))
    found[(symbol, original)] = replacement


def _a_script_s(project: Project, mod: Module, node: ast.expr) -> bool:
    """Whether the override is a script's that imports another module's app and that no
    module imports (`debug_auth.py`: `from app.main import app`, then `app.dependency_
    overrides[get_db] = lambda: db` for a TestClient): the served app never runs it."""
    if not isinstance(node, ast.Name) or node.id not in mod.summary.imports:
        return False
    return not may_be_imported(project, mod)


def _lambda(project: Project, mod: Module, scope, node: ast.expr) -> tuple | None:
    """The project function a lambda replacement is (`lambda: auth_module`): a sync callable
    FastAPI runs in the thread pool, with no dependencies of its own."""
    if not isinstance(node, ast.Lambda):
        return None
    within = "" if scope.fd.qn == "<module>" else f"{scope.fd.qn}."
    gqn = f"{mod.name}.{within}<lambda:{node.lineno}:{node.col_offset}>"
    return ("func", gqn) if gqn in project.funcs else None


def overridden(overrides: dict[tuple, tuple], app: str | None, dependency: tuple) -> tuple:
    """What the app `app` calls for `dependency`: its own override's replacement, or one
    set on an app unjam cannot name, or the dependency itself."""
    return overrides.get((app, dependency)) or overrides.get((None, dependency)) or dependency


def _app_symbol(project: Project, mod: Module, node: ast.expr) -> str | None:
    """The symbol (`main.app`) of the module-level app a name names: the module's own
    global, or the one it imports (`from main import app`)."""
    if not isinstance(node, ast.Name):
        return None
    imp = mod.summary.imports.get(node.id)
    if imp is not None and imp.name:
        return project.import_target(mod, imp)
    return f"{mod.name}.{node.id}" if node.id in mod.summary.global_values else None


def _overrides(ref: tuple) -> bool:
    return ref[0] == "attr" and ref[2] == "dependency_overrides"


def _an_app(project: Project, value: tuple) -> bool:
    return value[1] == APP or (value[0] == "obj" and APP in project.mro(value[1])[1])


def _ref(node: ast.expr) -> tuple:
    """The summary ref of a name or an attribute chain (`tasks.get_current_user`); an
    expression of another kind is one unjam cannot name."""
    if isinstance(node, ast.Name):
        return ("name", node.id)
    if isinstance(node, ast.Attribute):
        return ("attr", _ref(node.value), node.attr)
    return ("?",)
