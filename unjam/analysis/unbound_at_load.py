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
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from unjam.analysis.never_runs import surely_evaluated
from unjam.analysis.project import Module
from unjam.analysis.summary import names_read
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
    """The first such read of each of `modules` that has one (parsed only when its text
    suggests one: an app module may be thousands of lines long)."""
    found = []
    for mod in modules:
        if mod.summary.star_imports or not _suspect(mod, trees.root / mod.path):
            continue
        tree = trees.of(mod)
        read = _first_unbound_read(tree) if tree is not None else None
        if read is not None:
            found.append(UnboundAtLoad(mod, *read))
    return found


def _suspect(mod: Module, path: Path) -> bool:
    """Whether a name the module's top level reads in a call or a decorator (by its
    summary) has no binding at the start of a line above it (by its text)."""
    summary = mod.summary
    top = summary.funcs.get("<module>")
    own = {*summary.global_values, *summary.funcs, *summary.classes, *summary.imports}
    reads: dict[str, int] = {}
    for call in top.calls if top is not None else ():
        for name in names_read(call.func) | {n for arg in call.args for n in names_read(arg)}:
            if name in own:
                reads[name] = min(reads.get(name, call.line), call.line)
    for fd in summary.funcs.values():
        if fd.parent is None and fd.class_qn is None:
            for ref, line, _col in fd.decorators:
                for name in names_read(ref) & own:
                    reads[name] = min(reads.get(name, line), line)
    if not reads:
        return False
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, ValueError):
        return False
    return any(not _bound_above(lines, name, line) for name, line in reads.items())


def _bound_above(lines: list[str], name: str, line: int) -> bool:
    """Whether a line above `line` (1-based) starts by binding `name`: `name = …`, `a, name
    = …`, `name: T = …`, `def name`, `class name`, an import of it (also a line of a
    parenthesised import list), a `for`/`with` naming it — indented too (a binding under an
    `if` or a `try`: the parse judges it)."""
    above = lines[: max(line - 1, 0)]
    return any(name in text and _binds_on(text.strip(), name) for text in above)


def _binds_on(text: str, name: str) -> bool:
    words = _WORDS.findall(text)
    if name not in words:
        return False
    first = words[0] if words else ""
    if first in ("def", "class") or words[:2] == ["async", "def"]:
        return words[1 + (first == "async")] == name
    if first in ("import", "from", "for", "with"):
        return True
    listed = text.partition("#")[0].rstrip(" ,)")
    if listed == name or listed.endswith(f" as {name}"):
        return True  # a line of a parenthesised import list
    index = text.find("=")
    while index > 0 and (text[index - 1] in "=<>!" or text[index + 1 : index + 2] == "="):
        index = text.find("=", index + 2)
    targets = text[:index].partition(":")[0] if index > 0 else ""
    return name in _WORDS.findall(targets) and all(c.isalnum() or c in "_ ,()[]*" for c in targets)


_WORDS = re.compile(r"\w+")


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
    for node in surely_evaluated(expr):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            yield node
