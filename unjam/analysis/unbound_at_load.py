"""Modules that read a name, as they load, that nothing has bound yet: an app module's `app.
middleware("http")(log_requests)` on line 21 before its `app = FastAPI()` on line 25, or a
routes module's `user=Depends(current_user)` where nothing in it defines or imports
`current_user`. Importing the module raises NameError, so the app that imports it as it
starts cannot start (unstartable.py).

Only what surely runs counts: a statement of the module's own body (not one under an `if`,
a `try`, a `with` or a loop), the parts of it Python evaluates whatever happens (not the
right of `and`/`or`, a branch of `x if c else y`, a lambda's or a function's body; a
`def`'s decorators and defaults, a class's bases and decorators; a `def`'s annotations too,
`request: Request = Depends()` with no `Request` imported, where the module does not
import `annotations` from `__future__` and the repository deploys on a Python older than
3.14, which evaluates them only when asked: deployed_python.py), a name no statement
before it binds, in any way (`for` targets, imports and assignments under an `if` or a
`try` count as binding it), and either bound by a later statement (looked for in the app
modules) or bound nowhere in the module (in every module: only a summary's reads that no
binding of it explains make the module read again). A star import of a project module binds
every top-level name of that module (unstartable.py `StarredNames`); a module that may make
names up as it runs (a star import of a library, `globals()`, a function declaring the name
`global`, `builtins`) is given the benefit of the doubt, and so is `_` (gettext installs it
among the builtins).
"""

from __future__ import annotations

import ast
import builtins
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from unjam.analysis.deployed_python import deployed_before
from unjam.analysis.project import Module
from unjam.analysis.raising_statements import surely_evaluated
from unjam.analysis.summary import Ref, names_read
from unjam.analysis.top_level_imports import Trees

_BUILTINS = frozenset(dir(builtins)) | {"__file__", "__name__", "__doc__", "__spec__"}
# calls that may bind module names the text does not show
_DYNAMIC = frozenset({"globals", "vars", "exec", "__import__"})


@dataclass(frozen=True)
class UnboundAtLoad:
    module: Module
    line: int  # where the name is read
    name: str
    bound: int  # the line of its first binding, 0 where nothing binds it


def unbound_at_load(
    apps: list[Module],
    modules: list[Module],
    trees: Trees,
    starred: Callable[[Module], set[str] | None],
) -> list[UnboundAtLoad]:
    """The first such read of each of `modules` that has one: a name bound later, in the
    app modules `apps`, or bound nowhere, in any (parsed only when its summary, or for an
    app module its text, suggests one: an app module may be thousands of lines long).
    `starred`: the names a module's star imports bind, or None where they cannot be told
    (a library's)."""
    found = []
    app_ids = {id(mod) for mod in apps}
    deployed_early: list[bool] = []  # (the deployment files are read once, if ever asked)

    def evaluates_annotations(mod: Module) -> bool:
        if _postponed(mod):
            return False
        if not deployed_early:
            deployed_early.append(deployed_before(trees.root, _LAZY_ANNOTATIONS))
        return deployed_early[0]

    for mod in modules:
        given = starred(mod) if mod.summary.star_imports else set()
        if given is None:
            continue
        asked = partial(evaluates_annotations, mod)
        if not _never_bound(mod, given, trees.root, asked) and not (
            not given and id(mod) in app_ids and _suspect(mod, trees.root / mod.path)
        ):
            continue
        tree = trees.of(mod)
        read = _first_unbound_read(tree, given, asked()) if tree is not None else None
        if read is not None:
            found.append(UnboundAtLoad(mod, *read))
    return found


_LAZY_ANNOTATIONS = (3, 14)  # PEP 649: a `def`'s annotations evaluated only when asked


def _postponed(mod: Module) -> bool:
    """Whether the module imports `annotations` from `__future__` (PEP 563)."""
    return any(
        imp.module == "__future__" and imp.name == "annotations"
        for imp in mod.summary.imports.values()
    )


def _never_bound(mod: Module, given: set[str], root: Path, annotations: Callable[[], bool]) -> bool:
    """Whether a decorator or a default (or, where `annotations()` says the deployment
    evaluates them, an annotation) of a function the module defines at its top level reads,
    by its summary, a name the module has no binding of at all (nor its star imports,
    `given`) — and its text binds it in no way either (the summary keeps no loop or
    comprehension variable, nor `except … as e`)."""
    summary = mod.summary
    evaluated: list[Ref] = []
    annotated: list[Ref] = []
    for fd in summary.funcs.values():
        if fd.parent is not None or fd.class_qn is not None or fd.qn == "<module>":
            continue
        evaluated += [ref for ref, _line, _col in fd.decorators]
        evaluated += [
            p.default for p in fd.params if p.default is not None and p.default[0] != "const"
        ]
        annotated += [p.annotation for p in fd.params if p.annotation is not None]
        annotated += [fd.returns] if fd.returns is not None else []
    unbound = _unexplained(mod, given, evaluated)
    only_annotated = _unexplained(mod, given, annotated) - unbound
    if only_annotated and annotations():
        unbound |= only_annotated
    if not unbound:
        return False
    try:
        lines = (root / mod.path).read_text(encoding="utf-8").splitlines()
    except (OSError, ValueError):
        return False
    return any(not _bound_in_text(lines, name) for name in unbound)


def _unexplained(mod: Module, given: set[str], refs: list[Ref]) -> set[str]:
    """The names `refs` read that the module's summary binds in no way (nor its star
    imports, `given`), less the builtins and `_`."""
    summary = mod.summary
    own = (summary.global_values, summary.funcs, summary.classes, summary.imports, given)
    return {
        name
        for ref in refs
        for name in names_read(ref)
        if name not in _BUILTINS and name != "_" and all(name not in o for o in own)
    }


def _bound_in_text(lines: list[str], name: str) -> bool:
    """Whether a line binds `name` in some way: a `for` target (a comprehension's too),
    `as name`, `name :=`, a `def` or `class`, an import, or an assignment (or a keyword
    argument, which looks like one: no claim then)."""
    for text in lines:
        if name not in text:
            continue
        words = _WORDS.findall(text)
        if name not in words:
            continue
        if _binds_on(text.strip(), name) or _assigned_in(text, name):
            return True
        if ":=" in text or " as " in text or ("for" in words and "in" in words):
            return True
    return False


def _assigned_in(text: str, name: str) -> bool:
    """Whether `name =` (or a keyword argument `name=`, which looks like one) is on the line,
    not as the annotation of a parameter with a default (`request: Request = Depends()`)."""
    for match in re.finditer(rf"\b{re.escape(name)}\s*=(?!=)", text):
        if not text[: match.start()].rstrip().endswith(":"):
            return True
    return False


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


def _first_unbound_read(
    tree: ast.Module, given: set[str], annotations: bool
) -> tuple[int, str, int] | None:
    """(line read, name, line bound or 0) of the first read of a name before any binding
    (`given`: what star imports bind, taken as bound from the start; `annotations`: whether
    a `def`'s annotations are read as it runs)."""
    if _makes_names_up(tree):
        return None
    first = _first_bindings(tree)
    bound: set[str] = set(given)
    for stmt in tree.body:
        if not isinstance(stmt, ast.If | ast.Try | ast.With | ast.For | ast.While):
            for node in _evaluated_at_load(stmt, annotations):
                name = node.id
                if name not in bound and name not in _BUILTINS and name != "_":
                    return node.lineno, name, first.get(name, 0)
        bound |= _bound_by(stmt)
    return None


def _makes_names_up(tree: ast.Module) -> bool:
    """A `global` statement (a function an earlier statement calls may bind the name), a
    mention of `builtins`, or a call of `globals()`, `exec`, a `setattr` on a module…"""
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            return True
        if isinstance(node, ast.Name | ast.alias) and "builtins" in (
            node.id if isinstance(node, ast.Name) else node.name
        ):
            return True
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and (node.func.id in _DYNAMIC or (node.func.id == "setattr" and _on_a_module(node)))
        ):
            return True
    return False


def _on_a_module(call: ast.Call) -> bool:
    """`setattr(sys.modules[__name__], name, value)`: an attribute set on a module, not on an
    object (`setattr(user, key, value)`)."""
    target = call.args[0] if call.args else None
    return not isinstance(target, ast.Name | ast.Attribute) or (
        isinstance(target, ast.Name) and target.id in ("builtins", "__builtins__")
    )


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


def _evaluated_at_load(stmt: ast.stmt, annotations: bool) -> Iterator[ast.Name]:
    """The names a top-level statement surely reads as it runs."""
    if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
        exprs = [*stmt.decorator_list, *stmt.args.defaults, *stmt.args.kw_defaults]
        if annotations:
            args = stmt.args
            every = [*args.posonlyargs, *args.args, args.vararg, *args.kwonlyargs, args.kwarg]
            exprs += [arg.annotation for arg in every if arg is not None]
            exprs.append(stmt.returns)
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
