"""`BaseHTTPMiddleware` subclasses the FastAPI model took for registered (their name handed
on somewhere: fastapi_model.py `_middleware_classes`) that the program only names where
nothing registers them: in an annotation (`middleware: TimingMiddleware`), as another
class's base (that class is judged on its own), or as `isinstance`'s class. Read from the
syntax trees of the few modules that name such a class, once the model is built.

A use inside a function nothing in the project calls still counts: a library's
`mount_app(app)` is its users' to call."""

from __future__ import annotations

import ast
from pathlib import Path

from unjam.analysis.discovery import is_test_path
from unjam.analysis.fastapi_records import CLASS_FORM, FastAPIModel, Middleware
from unjam.analysis.project import Project
from unjam.analysis.top_level_imports import Trees
from unjam.analysis.unlaunched_factories import without_apps

_TYPE_TESTS = frozenset({"isinstance", "issubclass"})


def without_unregistered_middleware(
    project: Project, model: FastAPIModel, root: Path
) -> FastAPIModel:
    """`model` without the middleware classes the program never registers."""
    trees = Trees(root)
    unregistered = {
        (m.name, m.path)
        for m in model.http_middleware
        if m.form == CLASS_FORM and m.app is None and not _registered(project, trees, m)
    }
    return without_apps(model, set(), unregistered) if unregistered else model


def _registered(project: Project, trees: Trees, middleware: Middleware) -> bool:
    """Whether some module of the program names the class where it may register it."""
    name = middleware.name
    modules = {mod.path: mod for mod in project.unique_modules() if name in mod.summary.value_names}
    modules |= {caller.mod.path: caller.mod for caller, _site in project.sites_named(name)}
    for mod in modules.values():
        if is_test_path(mod.path):
            continue
        tree = trees.of(mod)
        if tree is None or _registering_use(tree, name):
            return True  # (a module unjam cannot read may register it)
    return False


def _registering_use(tree: ast.Module, name: str) -> bool:
    """Whether the module names the class anywhere but where no registration can be."""
    stack: list[ast.AST] = [tree]
    while stack:
        for child in _children_that_may_register(stack.pop()):
            if _names(child, name):
                return True
            stack.append(child)
    return False


def _children_that_may_register(node: ast.AST) -> list[ast.AST]:
    """The node's children, less annotations, class bases and `isinstance`'s class."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        args = node.args
        defaults = [d for d in (*args.defaults, *args.kw_defaults) if d is not None]
        return [*node.decorator_list, *defaults, *node.body]
    if isinstance(node, ast.ClassDef):
        return [*node.decorator_list, *node.keywords, *node.body]
    if isinstance(node, ast.AnnAssign):
        return [node.target, node.value] if node.value is not None else [node.target]
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _TYPE_TESTS
    ):
        return node.args[:1]
    return list(ast.iter_child_nodes(node))


def _names(node: ast.AST, name: str) -> bool:
    if isinstance(node, ast.Name):
        return node.id == name
    return isinstance(node, ast.Attribute) and node.attr == name
