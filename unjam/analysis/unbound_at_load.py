"""App modules that read a name of their own before they bind it, as they load: `app.
middleware("http")(log_requests)` on line 21 and `app = FastAPI()` on line 25 raise NameError
when the server imports the module, so the app cannot start (unstartable.py).

Only what surely runs counts: a statement of the module's own body (not one under an `if`,
a `try`, a `with` or a loop), the parts of it Python evaluates whatever happens (not the
right of `and`/`or`, a branch of `x if c else y`, a lambda's or a function's body; a
`def`'s decorators and defaults, a class's bases and decorators), a name no statement
before it binds, in any way (`for` targets, imports and assignments under an `if` or a
`try` count as binding it), and one a later statement does bind: a name bound nowhere is
ruff's F821 to report. A module that may make names up as it runs (a star import,
`globals()`, a function declaring the name `global`) is given the benefit of the doubt.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Iterator
from dataclasses import dataclass

from unjam.analysis.project import Module
from unjam.analysis.top_level_imports import Trees

_BUILTINS = frozenset(dir(builtins)) | {"__file__", "__name__", "__doc__", "__spec__"}
# calls that may bind module names the text does not show
_DYNAMIC = frozenset({"globals", "vars", "exec", "setattr", "__import__"})


@dataclass(frozen=True)
class UnboundAtLoad:
    module: Module
    line: int  # where the name is read
    name: str
    bound: int  # the line of its first binding


def unbound_at_load(modules: list[Module], trees: Trees) -> list[UnboundAtLoad]:
    """The first such read of each of `modules` that has one."""
    found = []
    for mod in modules:
        tree = trees.of(mod)
        if tree is None or mod.summary.star_imports:
            continue
        read = _first_unbound_read(tree)
        if read is not None:
            found.append(UnboundAtLoad(mod, *read))
    return found


def _first_unbound_read(tree: ast.Module) -> tuple[int, str, int] | None:
    """(line read, name, line bound) of the first read of a name before its binding."""
    if _makes_names_up(tree):
        return None
    first = _first_bindings(tree)
    bound: set[str] = set()
    for stmt in tree.body:
        if not isinstance(stmt, ast.If | ast.Try | ast.With | ast.For | ast.While):
            for node in _evaluated_at_load(stmt):
                name = node.id
                if name not in bound and name not in _BUILTINS and name in first:
                    return node.lineno, name, first[name]
        bound |= _bound_by(stmt)
    return None


def _makes_names_up(tree: ast.Module) -> bool:
    """A `global` statement (a function an earlier statement calls may bind the name) or a
    call of `globals()`, `exec`, `setattr`…"""
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            return True
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in _DYNAMIC
        ):
            return True
    return False


def _first_bindings(tree: ast.Module) -> dict[str, int]:
    """Each name the module's own top level binds → the line of its first binding."""
    first: dict[str, int] = {}
    for stmt in tree.body:
        for name in _bound_by(stmt):
            first.setdefault(name, stmt.lineno)
    return first


def _bound_by(stmt: ast.stmt) -> set[str]:
    """The module-level names a top-level statement may bind, in any of its branches (not
    in the bodies of the functions and classes it defines)."""
    names: set[str] = set()
    stack: list[ast.AST] = [stmt]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
            stack.extend(node.decorator_list)
            continue
        if isinstance(node, ast.Lambda):
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).partition(".")[0])
        elif isinstance(node, ast.ExceptHandler | ast.MatchAs | ast.MatchStar) and node.name:
            names.add(node.name)
        stack.extend(ast.iter_child_nodes(node))
    return names


def _evaluated_at_load(stmt: ast.stmt) -> Iterator[ast.Name]:
    """The names a top-level statement surely reads as it runs."""
    if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
        exprs = [*stmt.decorator_list, *stmt.args.defaults, *stmt.args.kw_defaults]
    elif isinstance(stmt, ast.ClassDef):
        exprs = [*stmt.decorator_list, *stmt.bases, *(k.value for k in stmt.keywords)]
    elif isinstance(stmt, ast.Expr | ast.Assign | ast.AnnAssign | ast.AugAssign):
        exprs = [stmt.value] if stmt.value is not None else []
    else:
        exprs = []
    for expr in exprs:
        if expr is not None:
            yield from _surely_read(expr)


def _surely_read(expr: ast.expr) -> Iterator[ast.Name]:
    if isinstance(expr, ast.Name):
        if isinstance(expr.ctx, ast.Load):
            yield expr
        return
    if isinstance(expr, ast.Lambda | ast.ListComp | ast.SetComp | ast.DictComp):
        return
    if isinstance(expr, ast.GeneratorExp):
        return
    if isinstance(expr, ast.BoolOp):
        yield from _surely_read(expr.values[0])
        return
    if isinstance(expr, ast.IfExp):
        yield from _surely_read(expr.test)
        return
    for child in ast.iter_child_nodes(expr):
        if isinstance(child, ast.keyword):
            yield from _surely_read(child.value)
        elif isinstance(child, ast.expr):
            yield from _surely_read(child)
