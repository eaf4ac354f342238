"""Calls that never run, because a statement before them in their block always raises: a
name nothing binds (`db.query(Profile)` where no import or definition of `Profile` is left:
NameError), a local read before anything binds it (`user = db.get(User, user)` with no
`user` before: UnboundLocalError), or SQLAlchemy 2's `session.execute("SELECT …")`, which
refuses a plain string (ArgumentError) before any I/O. A finding at such a call would state
what never happens; the app's own error is for ruff (F821) or its tests to report.

The summaries pick, among the functions holding a finding's call, the few that may hold
such a statement; only their modules are read again, with `ast` and `symtable`, which see
every way Python binds a name. A block's rest
is dead after such a statement (a loop's, a `with`'s or a `try`'s body too: what follows
the compound statement may still run), and so is every call of that statement whose
evaluation the error cuts short.
"""

from __future__ import annotations

import ast
import builtins
import re
import symtable
from collections.abc import Iterator
from pathlib import Path

from unjam.analysis.declared_versions import declared_major
from unjam.analysis.project import Module, Project
from unjam.analysis.summary import FuncDef, ModuleSummary

_BUILTINS = frozenset(dir(builtins)) | {"__file__", "__builtins__", "__annotations__", "__path__"}
# SQLAlchemy 2's `Session.execute` / `Connection.execute` take a statement, not a string
_TEXT_REFUSED = frozenset(
    {
        "sqlalchemy.orm.Session.execute",
        "sqlalchemy.orm.Session.exec",
        "sqlalchemy.engine.Connection.execute",
    }
)
# what lets a module make names up as it runs: its unbound names are given the benefit of
# the doubt
_DYNAMIC = ("globals(", "vars(", "exec(", "builtins", "setattr(sys.modules")

Position = tuple[int, int]


class NeverRuns:
    """Answers for the calls findings stand at: the function holding each is judged once."""

    def __init__(self, project: Project, root: Path | None) -> None:
        self.p = project
        self.root = root
        self._by_path: dict[str, Module] | None = None
        self._files: dict[str, _File | None] = {}
        self._sqlalchemy: dict[str, bool] = {}  # module folder → `_sqlalchemy_2`

    def call(self, path: str, line: int, col: int) -> bool:
        """Whether the call at `path:line:col` (relative path) never runs."""
        if self.root is None:
            return False
        try:
            if path not in self._files:
                self._files[path] = self._file(path)
            found = self._files[path]
            return found is not None and found.dead(line, col)
        except (RecursionError, MemoryError, ValueError, OSError):
            return False  # (a file too deep or too odd to judge: the finding stands)

    def _file(self, path: str) -> _File | None:
        if self._by_path is None:
            self._by_path = {m.path: m for m in self.p.modules.values()}
        mod = self._by_path.get(path)
        if mod is None or mod.summary.star_imports:
            return None
        return _File(self, mod, self.root / path)  # type: ignore[operator]

    def refused_text(self, mod: Module, fd: FuncDef) -> set[Position]:
        """Where each `x.execute("…")` in `fd` that SQLAlchemy 2 refuses starts."""
        found = set()
        for call in fd.calls:
            ref = call.func
            if not (ref[0] == "attr" and ref[2] in ("execute", "exec") and call.args):
                continue
            first = call.args[0]
            if not (first[0] == "fmt" or (first[0] == "const" and isinstance(first[1], str))):
                continue
            func = self.p.funcs.get(f"{mod.name}.{fd.qn}")
            callee = None if func is None else self.p.callee(func, ref)
            if callee is not None and callee[1] in _TEXT_REFUSED and self._sqlalchemy_2(mod):
                found.add((call.line, call.col))
        return found

    def _sqlalchemy_2(self, mod: Module) -> bool:
        """Unless the project pins SQLAlchemy 1, what it installs is 2 or later (the
        dependency files read once per folder)."""
        folder = mod.path.rpartition("/")[0]
        if folder not in self._sqlalchemy:
            parts = folder.split("/") if folder else []
            folders = [f"{'/'.join(parts[:d])}/" for d in range(len(parts), 0, -1)] + [""]
            declared = declared_major(self.root, folders, "sqlalchemy")  # type: ignore[arg-type]
            self._sqlalchemy[folder] = declared is None or declared[0] >= 2
        return self._sqlalchemy[folder]


class _File:
    """One module: its functions judged from the summary first, and read again (once) only
    when one that holds a finding's call may raise."""

    def __init__(self, owner: NeverRuns, mod: Module, path: Path) -> None:
        self.owner = owner
        self.mod = mod
        self.path = path
        summary = mod.summary
        self.bound = set(summary.imports) | set(summary.global_values)
        self.bound |= {qn for qn in summary.funcs if "." not in qn}
        self.bound |= {qn for qn in summary.classes if "." not in qn}
        self.defs = sorted(
            (fd for fd in summary.funcs.values() if fd.qn != "<module>" and not fd.is_lambda),
            key=lambda fd: fd.line,
        )
        self.judged: dict[int, frozenset[Position]] = {}  # def line → its dead calls
        self._source: str | None = None
        self._raising: _Raising | None = None
        self._nodes: dict[int, tuple] = {}

    def dead(self, line: int, col: int) -> bool:
        return any((line, col) in self._judge(fd) for fd in self._holders(line))

    def _holders(self, line: int) -> list[FuncDef]:
        """The function whose body may hold `line` (the last `def` above it), and those it
        is nested in."""
        above = [fd for fd in self.defs if fd.line <= line]
        fd = above[-1] if above else None
        found = []
        while fd is not None:
            found.append(fd)
            fd = self.mod.summary.funcs.get(fd.parent) if fd.parent else None
        return found

    def _judge(self, fd: FuncDef) -> frozenset[Position]:
        if fd.line not in self.judged:
            self.judged[fd.line] = self._dead_calls(fd)
        return self.judged[fd.line]

    def _dead_calls(self, fd: FuncDef) -> frozenset[Position]:
        refused = self.owner.refused_text(self.mod, fd)
        unbound, shadowing = _suspects(self.mod.summary, fd, self.bound)
        if not (unbound or shadowing or refused):
            return frozenset()
        source = self._read()
        if not (shadowing or refused or unbound - _maybe_bound(unbound, source)):
            return frozenset()
        raising = self._parsed(source)
        node = self._nodes.get(fd.line)
        if raising is None or node is None:
            return frozenset()
        return raising.dead_calls(*node, refused)

    def _read(self) -> str:
        if self._source is None:
            try:
                self._source = self.path.read_text(encoding="utf-8")
            except (OSError, ValueError):
                self._source = ""
        return self._source

    def _parsed(self, source: str) -> _Raising | None:
        if self._raising is None and source:
            try:
                tree = ast.parse(source)
                table = symtable.symtable(source, str(self.path), "exec")
            except (SyntaxError, ValueError, RecursionError):
                self._source = ""  # (no second try)
                return None
            made_up: bool | set[str] = any(marker in source for marker in _DYNAMIC) or {
                n for node in ast.walk(tree) if isinstance(node, ast.Global) for n in node.names
            }
            self._raising = _Raising(table, made_up)
            self._nodes = {node.lineno: (node, scope) for node, scope in _functions(tree, table)}
        return self._raising


def _suspects(summary: ModuleSummary, fd: FuncDef, bound: set[str]) -> tuple[set[str], bool]:
    """What the `ast` pass is to confirm in `fd`: the names its calls read that no scope's
    summary binds (`for`, `except … as` and comprehension targets are left to
    `_maybe_bound`), and whether it binds a name to a value reading it (`Reservation =
    db.query(Reservation)`: a local, unbound while its value is made)."""
    unbound: set[str] = set()
    shadowing = False
    scopes = _enclosing_names(summary, fd)
    for call in fd.calls:
        for name in _names_in((call.func, *call.args, *(v for _k, v in call.kwargs))):
            if name not in bound and name not in scopes and name not in _BUILTINS:
                unbound.add(name)
            elif name in fd.locals and _reads_itself(fd, name, name in bound):
                shadowing = True
    return unbound, shadowing


def _reads_itself(fd: FuncDef, name: str, global_too: bool) -> bool:
    """Whether a value `fd` binds to `name` reads it: a suspect when the name is also the
    module's (`Reservation = db.query(Reservation)`) or that is its one binding (`task =
    db.query(task)`), not a parameter's new value (`text = text.strip()`)."""
    values = fd.locals[name]
    if any(p.name == name for p in fd.params) or not (global_too or len(values) == 1):
        return False
    return any(name in _names_in(value) for value in values)


# where a name may be bound that the summaries keep no record of, from the text around it
# on its line: a `for` target (a comprehension's too), an `as` name, a walrus, an import
# inside a function, an annotated assignment, a `match` pattern
_FOR_BEFORE = re.compile(r"\bfor\s+[\w\s,()\[\]*]*$")
_IN_AFTER = re.compile(r"^[\w\s,()\[\]*]*\bin\b")
_AS_BEFORE = re.compile(r"\bas\s*\(?[\w\s,]*$")
_WALRUS_AFTER = re.compile(r"^\s*:=")
_ANNOTATED_AFTER = re.compile(r"^\s*:[^=]*=")


def _maybe_bound(names: set[str], source: str) -> set[str]:
    """Those of `names` the text may bind where the summaries keep no record of it (an
    over-estimate: each is confirmed by `symtable` anyway)."""
    found: set[str] = set()
    pattern = re.compile(r"(?<![.\w])(?:" + "|".join(map(re.escape, sorted(names))) + r")\b")
    for match in pattern.finditer(source):
        name = match.group()
        if name not in found and _binds_here(source, match.start(), match.end()):
            found.add(name)
    return found


def _binds_here(source: str, start: int, end: int) -> bool:
    first = source.rfind("\n", 0, start) + 1
    last = source.find("\n", end)
    before, after = source[first:start], source[end : last if last >= 0 else len(source)]
    head = before.lstrip()
    if (_FOR_BEFORE.search(before) and _IN_AFTER.search(after)) or _AS_BEFORE.search(before):
        return True
    if _WALRUS_AFTER.search(after) or head.startswith(("import ", "case ")):
        return True
    if head.startswith("from ") and " import " in before:
        return True
    if not head and _ANNOTATED_AFTER.search(after):
        return True
    # a name in the parentheses of a multi-line import
    return source.rfind("import (", 0, start) > source.rfind(")", 0, start)


def _enclosing_names(summary: ModuleSummary, fd: FuncDef | None) -> set[str]:
    names: set[str] = set()
    while fd is not None:
        names |= set(fd.locals) | set(fd.local_defs) | fd.globals_declared
        names |= {p.name for p in fd.params}
        fd = summary.funcs.get(fd.parent) if fd.parent else None
    return names


def _names_in(refs: tuple) -> set[str]:
    found: set[str] = set()
    stack = list(refs)
    while stack:
        item = stack.pop()
        if type(item) is not tuple or not item:
            continue
        if item[0] == "name" and len(item) == 2 and isinstance(item[1], str):
            found.add(item[1])
        else:
            stack.extend(part for part in item if type(part) is tuple)
    return found


class _Raising:
    """Walks a function's blocks for the first statement of each that always raises, and
    collects the calls it cuts off."""

    def __init__(self, table: symtable.SymbolTable, made_up: bool | set[str]) -> None:
        self.module = table
        # True: the module may make any name up as it runs (no name errors then); else the
        # names some function declares `global` (one may bind them at module level)
        self.made_up = made_up
        self.refused: set[Position] = set()  # the start of each refused `execute("…")` call
        self.dead: set[Position] = set()
        self.alive: set[Position] = set()

    def dead_calls(
        self, node: ast.FunctionDef | ast.AsyncFunctionDef, scope, refused: set[Position]
    ) -> frozenset[Position]:
        self.refused, self.dead, self.alive = refused, set(), set()
        self._block(node.body, scope, _bindings(node))
        return frozenset(self.dead - self.alive)

    def _block(self, body: list[ast.stmt], scope: symtable.SymbolTable, binds) -> None:
        for i, stmt in enumerate(body):
            at = self._raises(stmt, scope, binds)
            if at is not None:
                for call in _calls(stmt):
                    self._judge(call, after=at)
                for later in body[i + 1 :]:
                    for call in _calls(later):
                        self.dead.add((call.lineno, call.col_offset))
                return
            for inner in _inner_blocks(stmt):
                self._block(inner, scope, binds)

    def _judge(self, call: ast.Call, after: tuple[Position, bool]) -> None:
        """A call of the raising statement is cut off when it would end after the error."""
        point, inclusive = after
        end = (call.end_lineno or call.lineno, call.end_col_offset or 0)
        cut = end >= point if inclusive else end > point
        (self.dead if cut else self.alive).add((call.lineno, call.col_offset))

    def _raises(self, stmt: ast.stmt, scope, binds) -> tuple[Position, bool] | None:
        """Where `stmt` always raises: (position, whether a call ending there is cut off)."""
        for expr in _evaluated(stmt):
            for node in _unconditional(expr):
                if isinstance(node, ast.Call) and (node.lineno, node.col_offset) in self.refused:
                    return (node.end_lineno or node.lineno, node.end_col_offset or 0), True
                if (
                    isinstance(node, ast.Name)
                    and isinstance(node.ctx, ast.Load)
                    and self._unbound(node, scope, binds)
                ):
                    return (node.lineno, node.col_offset), False
        return None

    def _unbound(self, node: ast.Name, scope: symtable.SymbolTable, binds) -> bool:
        if self.made_up is True or (self.made_up and node.id in self.made_up):
            return False
        try:
            symbol = scope.lookup(node.id)
        except KeyError:
            return False
        if symbol.is_parameter() or symbol.is_free() or symbol.is_nonlocal():
            return False
        if symbol.is_local():
            first = binds.get(node.id)  # (None: bound in a way not followed, taken as bound)
            return first is not None and first > (node.lineno, node.col_offset)
        if node.id in _BUILTINS:
            return False
        try:
            glob = self.module.lookup(node.id)
        except KeyError:
            return True
        return not (glob.is_assigned() or glob.is_imported() or glob.is_namespace())


def _functions(tree: ast.Module, table: symtable.SymbolTable):
    """Every function's node with its symbol table (methods and nested functions too)."""
    tables = {}
    stack = [table]
    while stack:
        t = stack.pop()
        if t.get_type() == "function":
            tables[(t.get_name(), t.get_lineno())] = t
        stack.extend(t.get_children())
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            scope = tables.get((node.name, node.lineno))
            if scope is not None:
                yield node, scope


def _bindings(func: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, Position]:
    """Where each name is first bound in `func`'s own scope, in the order Python runs it
    (an assignment binds once its value is made: `x = f(x)` reads `x` first); nested
    scopes left out."""
    first: dict[str, Position] = {}

    def bind(name: str, at: Position) -> None:
        if name not in first or at < first[name]:
            first[name] = at

    after_value: set[int] = set()
    for node in _own_nodes(func):
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign | ast.NamedExpr):
            end = (node.end_lineno or node.lineno, node.end_col_offset or 0)
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        after_value.add(id(name))
                        bind(name.id, end)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            if id(node) not in after_value:
                bind(node.id, (node.lineno, node.col_offset))
        elif (name := _binds(node)) is not None:
            bind(name, (node.lineno, node.col_offset))  # type: ignore[attr-defined]
    return first


def _binds(node: ast.AST) -> str | None:
    """The name an import, a definition, an `except … as` or a `match` pattern binds."""
    if isinstance(node, ast.alias):
        return (node.asname or node.name).partition(".")[0]
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return node.name
    if isinstance(node, ast.ExceptHandler | ast.MatchAs | ast.MatchStar):
        return node.name
    if isinstance(node, ast.MatchMapping):
        return node.rest
    return None


def _own_nodes(func: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.AST]:
    stack: list[ast.AST] = list(func.body)
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue  # (its name is bound here; its body is another scope)
        stack.extend(ast.iter_child_nodes(node))


def _evaluated(stmt: ast.stmt) -> list[ast.expr]:
    """The expressions `stmt` evaluates whenever it starts, in order."""
    if isinstance(stmt, ast.Expr | ast.Return) and stmt.value is not None:
        return [stmt.value]
    if isinstance(stmt, ast.Assign):
        return [stmt.value]
    if isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
        return [stmt.value]
    if isinstance(stmt, ast.AugAssign):
        return [stmt.target, stmt.value]
    if isinstance(stmt, ast.If | ast.While):
        return [stmt.test]
    if isinstance(stmt, ast.For | ast.AsyncFor):
        return [stmt.iter]
    if isinstance(stmt, ast.With | ast.AsyncWith):
        return [stmt.items[0].context_expr]
    return []


def _unconditional(expr: ast.expr) -> Iterator[ast.AST]:
    """The nodes of `expr` that are evaluated whenever it is, in evaluation order: not the
    right of `and`/`or`, a branch of `x if c else y`, a lambda's body, nor what a
    comprehension does per item."""
    if isinstance(expr, ast.Lambda):
        return
    if isinstance(expr, ast.BoolOp):
        yield from _unconditional(expr.values[0])
        return
    if isinstance(expr, ast.IfExp):
        yield from _unconditional(expr.test)
        return
    if isinstance(expr, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
        yield from _unconditional(expr.generators[0].iter)
        return
    if isinstance(expr, ast.Compare):
        yield from _unconditional(expr.left)
        yield from _unconditional(expr.comparators[0])
        return
    for child in ast.iter_child_nodes(expr):
        if isinstance(child, ast.keyword):
            yield from _unconditional(child.value)
        elif isinstance(child, ast.expr):
            yield from _unconditional(child)
    yield expr


def _calls(stmt: ast.stmt) -> Iterator[ast.Call]:
    for node in ast.walk(stmt):
        if isinstance(node, ast.Call):
            yield node


def _inner_blocks(stmt: ast.stmt) -> list[list[ast.stmt]]:
    """The blocks inside a compound statement, each of which may end early on its own."""
    if isinstance(stmt, ast.If | ast.For | ast.AsyncFor | ast.While):
        return [stmt.body, stmt.orelse]
    if isinstance(stmt, ast.With | ast.AsyncWith):
        return [stmt.body]
    if isinstance(stmt, ast.Try | ast.TryStar):
        return [stmt.body, *(h.body for h in stmt.handlers), stmt.orelse, stmt.finalbody]
    if isinstance(stmt, ast.Match):
        return [case.body for case in stmt.cases]
    return []
