"""Endpoints a project decorator's wrapper refuses on every request. The wrapper looks for an
argument by name among the keywords it is called with and raises when it finds none, before
it calls the endpoint (`request = kwargs.get("request")`, then `if not request: raise
ValueError(...)`; corpus `refusing_wrappers`).

FastAPI calls what it was given with keywords only, one per parameter of the signature
`functools.wraps` copied from the endpoint: for an endpoint with no `request` parameter the
lookup finds nothing, every request answers 500, and none of the endpoint's code runs
(rules_engine `_never_served`). The wrapper's statements before its call of the endpoint are
read with `ast`, and only these forms are followed: a name bound to `None` or to
`kwargs.get("name")`, a loop over the wrapper's `*args` (which holds nothing), and an `if`
testing such a name (`x is None`, `not x`, `x`) whose branch binds it or raises. Any other
statement (an assignment holding a call among them: it may be the endpoint's), or a test
the reading cannot decide, ends the reading: not refused.
"""

from __future__ import annotations

import ast

from unjam.analysis.async_decorators import surely_applied_wrappers
from unjam.analysis.project import Func, Project
from unjam.analysis.top_level_imports import Trees

_UNKNOWN = object()  # a followed name's value the reading cannot tell
_FOUND = object()  # a name the lookup may have found (the endpoint takes that parameter)


def refused_by_a_wrapper(project: Project, func: Func, trees: Trees | None) -> bool:
    """Whether a project wrapper around the endpoint `func` raises on every request (the
    modules read from `trees`, each parsed once for every check that reads it)."""
    if trees is None:
        return False
    taken = {param.name for param in func.fd.params}
    for wrapper in surely_applied_wrappers(project, func):
        node = _wrapper_node(trees.of(wrapper.mod), wrapper.fd.line)
        if node is not None and _refuses(node, taken):
            return True
    return False


def _wrapper_node(
    tree: ast.Module | None, line: int
) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The wrapper's definition, when it is `@wraps(...)`-decorated and takes `*args` and
    `**kwargs` only (FastAPI then reads the endpoint's signature and passes keywords)."""
    for node in ast.walk(tree) if tree is not None else ():
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.lineno == line:
            args = node.args
            plain = not (args.posonlyargs or args.args or args.kwonlyargs)
            wrapped = any(_named(d, "wraps") for d in node.decorator_list)
            if plain and args.vararg and args.kwarg and wrapped:
                return node
    return None


def _named(decorator: ast.expr, name: str) -> bool:
    func = decorator.func if isinstance(decorator, ast.Call) else decorator
    return (isinstance(func, ast.Name) and func.id == name) or (
        isinstance(func, ast.Attribute) and func.attr == name
    )


def _refuses(node: ast.FunctionDef | ast.AsyncFunctionDef, taken: set[str]) -> bool:
    """Whether the wrapper's body raises before anything else it cannot follow, given that
    the keywords it is called with are the parameters `taken`."""
    positional = node.args.vararg.arg  # type: ignore[union-attr]
    keywords = node.args.kwarg.arg  # type: ignore[union-attr]
    held: dict[str, object] = {}
    return _raises(node.body, held, positional, keywords, taken) is True


def _raises(
    body: list[ast.stmt], held: dict, positional: str, keywords: str, taken: set[str]
) -> bool | None:
    """True when the statements surely raise, False when they end the reading (something
    not followed), None when they run through."""
    for stmt in body:
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
            continue  # (a docstring)
        if isinstance(stmt, ast.Raise):
            return True
        if isinstance(stmt, ast.For) and _names(stmt.iter) == {positional}:
            continue  # (`for arg in args:` — FastAPI passes no positional argument)
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target = stmt.targets[0]
            value = _value(stmt.value, keywords, taken)
            if value is _UNKNOWN and any(isinstance(n, ast.Call) for n in ast.walk(stmt.value)):
                return False  # (a call: maybe the endpoint's, or one that returns)
            if isinstance(target, ast.Name):
                held[target.id] = value
                continue
        if isinstance(stmt, ast.If):
            test = _decide(stmt.test, held)
            if test is None:
                return False
            outcome = _raises(stmt.body if test else stmt.orelse, held, positional, keywords, taken)
            if outcome is not None:
                return outcome
            continue
        return False
    return None


def _value(expr: ast.expr, keywords: str, taken: set[str]) -> object:
    """`None`, or what `kwargs.get("name")` finds (nothing where the endpoint takes no such
    parameter), else unknown."""
    if isinstance(expr, ast.Constant) and expr.value is None:
        return None
    if (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Attribute)
        and expr.func.attr == "get"
        and isinstance(expr.func.value, ast.Name)
        and expr.func.value.id == keywords
        and len(expr.args) == 1
        and not expr.keywords
        and isinstance(expr.args[0], ast.Constant)
    ):
        return _FOUND if expr.args[0].value in taken else None
    return _UNKNOWN


def _decide(test: ast.expr, held: dict) -> bool | None:
    """The truth of `x is None`, `x is not None`, `not x` or `x` for a followed name known to
    hold `None`; None when it cannot be told."""
    negate = False
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        negate, test = True, test.operand
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        right = test.comparators[0]
        if not (isinstance(right, ast.Constant) and right.value is None):
            return None
        if isinstance(test.ops[0], ast.Is):
            truth = _is_none(test.left, held)
        elif isinstance(test.ops[0], ast.IsNot):
            truth = _is_none(test.left, held)
            truth = None if truth is None else not truth
        else:
            return None
    else:
        truth = _is_none(test, held)
        truth = None if truth is None else not truth  # (`if x:` of None: false)
    if truth is None:
        return None
    return not truth if negate else truth


def _is_none(expr: ast.expr, held: dict) -> bool | None:
    if not isinstance(expr, ast.Name) or expr.id not in held:
        return None
    value = held[expr.id]
    return True if value is None else None


def _names(expr: ast.expr) -> set[str]:
    return {node.id for node in ast.walk(expr) if isinstance(node, ast.Name)}
