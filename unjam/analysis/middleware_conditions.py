"""Where a `BaseHTTPMiddleware` class is registered only under a test: `if settings.api.debug:
app.add_middleware(DebugLoggingMiddleware)` (also in `create_app()`, or an `else` branch, or
in a helper every call of which sits under one: `if settings.demo: add_demo_middleware(app)`);
or an `@app.middleware("http")` function is defined only under one (`if _jwt_secret:`).
UJ004 says so: the middleware runs on every request of an app that registers it, and this one
does only when the test holds — which a setting off by default may never make it. The
summaries keep no module-level tests, so the registering modules' text is read (only theirs).
"""

from __future__ import annotations

import ast

from unjam.analysis.project import Func, Project
from unjam.analysis.summary import CallSite
from unjam.analysis.top_level_imports import Trees

_REGISTERS = ("add_middleware", "Middleware")


def registration_condition(project: Project, trees: Trees | None, class_name: str) -> str:
    """Where and under what test the class is registered (`app/factory.py:61 registers it
    only when `settings.debug``), when every registration of it by its name that the project
    makes sits under an `if`; "" when one does not, or none is seen."""
    if trees is None:
        return ""
    found = ""
    for name in _REGISTERS:
        for func, site in project.sites_named(name):
            if not site.args or not _names_class(site.args[0], class_name):
                continue
            calls = _named_calls(project, func)
            if calls == []:
                continue  # (a `setup_middleware(app)` its newer twin replaced: no site)
            test = enclosing_test(trees.of(func.mod), site.line, site.col)
            if test is not None:
                found = found or f"{func.mod.path}:{site.line} registers it only when `{test}`"
                continue
            through = _guarded_calls(trees, func, calls)
            if not through:
                return ""
            found = found or through
    return found


def _names_class(ref: tuple, class_name: str) -> bool:
    """`CsrfMiddleware`, or `api.middleware.CsrfMiddleware` through its module."""
    return ref == ("name", class_name) or (ref[0] == "attr" and ref[2] == class_name)


def _named_calls(project: Project, func: Func) -> list[tuple[Func, CallSite]] | None:
    """The project's calls of the helper by its name; None when they are not all there is
    to see: a module body runs as it is imported, and a helper used as a value may be called
    from anywhere."""
    if func.fd.qn == "<module>" or func.fd.name in project.used_names():
        return None
    return [
        (caller, site)
        for caller, site in project.sites_named(func.fd.name)
        if (callee := project.callee(caller, site.func)) is not None and callee[1] == func.gqn
    ]


def _guarded_calls(trees: Trees, func: Func, calls: list[tuple[Func, CallSite]] | None) -> str:
    """Where and under what test a helper that registers the middleware is called (`if
    AppConfig.app_demo_mode: add_demo_mode_middleware(app)`), when each of its `calls`
    (`_named_calls`) sits under an `if`; "" otherwise."""
    if calls is None:
        return ""
    found = ""
    for caller, site in calls:
        test = enclosing_test(trees.of(caller.mod), site.line, site.col)
        if test is None:
            return ""
        found = found or (
            f"{caller.mod.path}:{site.line} registers it (through `{func.fd.name}()`) only "
            f"when `{test}`"
        )
    return found


def decorator_condition(
    project: Project, trees: Trees | None, path: str, line: int, col: int
) -> str:
    """Under what test an `@app.middleware("http")` decorator at `path:line:col` is applied
    (the function defined inside `if _jwt_secret:`, or in a helper every call of which sits
    under one: `if settings.profiler: add_profiler_middleware(app)`), "" when under none."""
    mod = next((m for m in project.modules.values() if m.path == path), None)
    if trees is None or mod is None:
        return ""
    tree = trees.of(mod)
    test = enclosing_test(tree, line, col)
    if test:
        return f"{path}:{line} registers it only when `{test}`"
    helper = project.funcs.get(f"{mod.name}.{_enclosing_def(tree, line, col)}")
    if helper is None:
        return ""
    return _guarded_calls(trees, helper, _named_calls(project, helper))


def _enclosing_def(tree: ast.Module | None, line: int, col: int) -> str:
    """The qualified name (`outer.inner`, `Cls.method`) of the innermost `def` holding the
    call at `line:col`; "" at module level or when the text is unreadable."""
    if tree is None:
        return ""
    stack: list[tuple[ast.AST, str]] = [(tree, "")]
    while stack:
        node, qn = stack.pop()
        if isinstance(node, ast.Call) and (node.lineno, node.col_offset) == (line, col):
            return qn
        inner = qn
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            inner = f"{qn}.{node.name}" if qn else node.name
        # (a `def`'s decorators and defaults run where it is defined: in the enclosing one)
        body = getattr(node, "body", ()) if inner != qn else ()
        stack.extend(
            (child, inner if child in body else qn)
            for child in ast.iter_child_nodes(node)
            if _spans(child, line)
        )
    return ""


def enclosing_test(tree: ast.Module | None, line: int, col: int) -> str | None:
    """The test of the innermost `if` whose body (or `else`: its negation) holds the call
    at `line:col`, or None when none does (or the text is unreadable)."""
    if tree is None:
        return None
    found = None
    stack: list[tuple[ast.AST, str | None]] = [(tree, None)]
    while stack:
        node, test = stack.pop()
        if isinstance(node, ast.Call) and (node.lineno, node.col_offset) == (line, col):
            found = test
            break
        if isinstance(node, ast.If):
            shown = ast.unparse(node.test)
            stack.append((node.test, test))
            stack.extend((child, shown) for child in node.body if _spans(child, line))
            stack.extend((child, f"not ({shown})") for child in node.orelse if _spans(child, line))
            continue
        stack.extend((child, test) for child in ast.iter_child_nodes(node) if _spans(child, line))
    return found


def _spans(node: ast.AST, line: int) -> bool:
    """Whether the node's lines may hold `line`: the walks above enter only those, not the
    whole module (a node without a position, an operator, holds no call either way)."""
    first = getattr(node, "lineno", None)
    if first is None:
        return True
    last = getattr(node, "end_lineno", None) or first
    decorators = getattr(node, "decorator_list", None)  # (above a `def`'s own line)
    if decorators:
        first = min(first, decorators[0].lineno)
    return first <= line <= last
