"""Dependencies an app replaces in its own code: `app.dependency_overrides[get_user] =
get_session_user` at the top of a served module. FastAPI then calls the replacement wherever
a route depends on the original, so the original's body never runs for those routes, and the
replacement's does (with its own dependencies).

Tests set overrides too, but test code is not analysed; what is found here is the program's.
The summaries record only that `app.dependency_overrides` is changed in place, not the key
and value, so only the few modules that do are parsed, with `ast`."""

from __future__ import annotations

import ast
from pathlib import Path

from unjam.analysis.fastapi_records import APP
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
        scope = project.module_scope(mod)
        if not any(_overrides(ref) for ref in scope.fd.mutated):
            continue
        tree = trees.of(mod)
        for stmt in tree.body if tree is not None else ():
            if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1:
                continue
            target = stmt.targets[0]
            if not isinstance(target, ast.Subscript) or not isinstance(target.value, ast.Attribute):
                continue
            if target.value.attr != "dependency_overrides":
                continue
            app = project.value_of(scope, _ref(target.value.value))
            if app is None or app[0] not in ("inst", "obj") or not _an_app(project, app):
                continue
            original = project.value_of(scope, _ref(target.slice))
            if original is None:
                continue
            replacement = project.value_of(scope, _ref(stmt.value))
            if replacement is None or replacement[0] not in ("func", "meth", "class"):
                replacement = UNSEEN
            found[(_app_symbol(project, mod, target.value.value), original)] = replacement
    return found


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
