"""The statements of a function that always raise, read from its parsed text (`ast` and
`symtable`, which see every way Python binds a name), and the calls each cuts off: what
never_runs.py asks once the summaries say a function may hold one. A block's rest is dead
after such a statement (a loop's, a `with`'s or a `try`'s body too: what follows the
compound statement may still run), and so is every call of that statement whose
evaluation the error cuts short.
"""

from __future__ import annotations

import ast
import builtins
import symtable
from collections.abc import Iterator

from unjam.analysis.test_only_branches import only_under_pytest

BUILTINS = frozenset(dir(builtins)) | {"__file__", "__builtins__", "__annotations__", "__path__"}
Position = tuple[int, int]
# a call's start and the name it calls (`first` of `db.query(X).filter(...).first()`): the
# calls of a chain all start at one position, and the error may cut off only the later ones
CallKey = tuple[int, int, str]
# (a module-level name bound to a project module, an attribute that module lacks), or
# ("from <dots><module>", a name that module lacks) of a function-local `from … import`
Lacking = frozenset[tuple[str, str]]


class Raising:
    """Walks a function's blocks for the first statement of each that always raises, and
    collects the calls it cuts off."""

    def __init__(
        self, table: symtable.SymbolTable, made_up: bool | set[str], imported: set[str]
    ) -> None:
        self.module = table
        # True: the module may make any name up as it runs (no name errors then); else the
        # names some function declares `global` (one may bind them at module level)
        self.made_up = made_up
        self.imported = imported  # module-level names one import binds and nothing rebinds
        self.refused: set[Position] = set()  # the start of each call that raises at once
        self.lacking: Lacking = frozenset()
        self.node: ast.FunctionDef | ast.AsyncFunctionDef | None = None  # the one walked
        self.dead: set[CallKey] = set()
        self.alive: set[CallKey] = set()

    def dead_calls(
        self, node: ast.FunctionDef | ast.AsyncFunctionDef, scope, refused, lacking: Lacking
    ) -> tuple[frozenset[CallKey], frozenset[CallKey]]:
        """(the calls cut off, the calls of the raising statements that still run)."""
        self.refused, self.lacking, self.dead, self.alive = refused, lacking, set(), set()
        self.node = node
        self._block(node.body, scope, _bindings(node))
        return frozenset(self.dead), frozenset(self.alive - self.dead)

    def raises_first(
        self, node: ast.FunctionDef | ast.AsyncFunctionDef, scope, refused, lacking: Lacking
    ) -> int | None:
        """The line of the statement of the function's own body (not one in a branch or a
        loop) that always raises, with none before it that may `return` or `yield`."""
        self.refused, self.lacking, self.node = refused, lacking, node
        return self._first_raise_in(node.body, scope, _bindings(node))

    def _first_raise_in(self, body: list[ast.stmt], scope, binds) -> int | None:
        for stmt in body:
            if isinstance(stmt, ast.Raise) or self._raises(stmt, scope, binds) is not None:
                return stmt.lineno
            inner = self._compound_raises(stmt, scope, binds)
            if inner is not None:
                return inner
            if _may_leave(stmt):
                return None
        return None

    def _compound_raises(self, stmt: ast.stmt, scope, binds) -> int | None:
        """The line that raises in a `with` whose body always raises (its context manager no
        `suppress`), or in a `try` whose body always raises and whose every handler ends in
        a `raise` (`except Exception: log(...); raise`: the error goes on)."""
        if isinstance(stmt, ast.With | ast.AsyncWith):
            return None if _may_suppress(stmt) else self._first_raise_in(stmt.body, scope, binds)
        if not isinstance(stmt, ast.Try):
            return None
        passed_on = all(
            handler.body
            and isinstance(handler.body[-1], ast.Raise)
            and not any(_may_leave(inner) for inner in handler.body)
            for handler in stmt.handlers
        )
        if not passed_on or any(_may_leave(inner) for inner in stmt.finalbody):
            return None
        return self._first_raise_in(stmt.body, scope, binds)

    def _block(self, body: list[ast.stmt], scope: symtable.SymbolTable, binds) -> None:
        for i, stmt in enumerate(body):
            if isinstance(stmt, ast.If) and only_under_pytest(stmt.test):
                for tested in stmt.body:  # (test_only_branches.py)
                    self.dead.update(call_key(call) for call in _calls(tested))
                self._block(stmt.orelse, scope, binds)
                continue
            at = self._raises(stmt, scope, binds)
            if at is not None:
                for call in _calls(stmt):
                    self._judge(call, after=at)
                for later in body[i + 1 :]:
                    for call in _calls(later):
                        self.dead.add(call_key(call))
                return
            for inner in _inner_blocks(stmt):
                self._block(inner, scope, binds)

    def _judge(self, call: ast.Call, after: tuple[Position, bool]) -> None:
        """A call of the raising statement is cut off when it would end after the error."""
        point, inclusive = after
        end = (call.end_lineno or call.lineno, call.end_col_offset or 0)
        cut = end >= point if inclusive else end > point
        (self.dead if cut else self.alive).add(call_key(call))

    def _raises(self, stmt: ast.stmt, scope, binds) -> tuple[Position, bool] | None:
        """Where `stmt` always raises: (position, whether a call ending there is cut off)."""
        if isinstance(stmt, ast.ImportFrom):
            source = f"from {'.' * stmt.level}{stmt.module or ''}"
            if any((source, alias.name) in self.lacking for alias in stmt.names):
                return (stmt.lineno, stmt.col_offset), False
        for expr in _evaluated(stmt):
            for node in surely_evaluated(expr):
                if isinstance(node, ast.Call) and (node.lineno, node.col_offset) in self.refused:
                    return (node.end_lineno or node.lineno, node.end_col_offset or 0), True
                if (
                    isinstance(node, ast.Name)
                    and isinstance(node.ctx, ast.Load)
                    and self._unbound(node, scope, binds)
                ) or (isinstance(node, ast.Attribute) and self._lacked(node, scope)):
                    return (node.lineno, node.col_offset), False
        return None

    def _lacked(self, node: ast.Attribute, scope: symtable.SymbolTable) -> bool:
        """`models.User`, read where `models` is the module-level name of a project module
        that lacks `User`."""
        base = node.value
        if not (isinstance(node.ctx, ast.Load) and isinstance(base, ast.Name)):
            return False
        if (base.id, node.attr) not in self.lacking:
            return False
        try:
            symbol = scope.lookup(base.id)
        except KeyError:
            return False
        if symbol.is_declared_global():
            return True  # (never_runs: every value the module gives it lacks the attribute)
        if symbol.is_parameter():  # `db: Session`, `db.func.now()` (never_runs: annotated)
            return not _rebinds(self.node, base.id)
        if symbol.is_local():  # `mgr = AuthManager(); mgr.gone()`
            return _only_calls_bind(self.node, base.id)
        return symbol.is_global() and base.id in self.imported

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
        if node.id in BUILTINS:
            return False
        try:
            glob = self.module.lookup(node.id)
        except KeyError:
            return True
        return not (glob.is_assigned() or glob.is_imported() or glob.is_namespace())


def call_key(call: ast.Call) -> CallKey:
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return call.lineno, call.col_offset, name


def imported_once(tree: ast.Module, table: symtable.SymbolTable) -> set[str]:
    """The module-level names bound by exactly one import and nothing else (not a second
    import in an `except ImportError:`, not an assignment)."""
    counts: dict[str, int] = {}
    stack: list[ast.AST] = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        if isinstance(node, ast.alias):
            name = (node.asname or node.name).partition(".")[0]
            counts[name] = counts.get(name, 0) + 1
        stack.extend(ast.iter_child_nodes(node))
    found = set()
    for name, count in counts.items():
        symbol = table.lookup(name) if count == 1 else None
        if symbol is not None and symbol.is_imported() and not symbol.is_assigned():
            found.add(name)
    return found


def _may_suppress(stmt: ast.With | ast.AsyncWith) -> bool:
    """Whether a context manager of the `with` may swallow the error (`suppress(...)`)."""
    return any(
        isinstance(node, ast.Name | ast.Attribute)
        and (node.id if isinstance(node, ast.Name) else node.attr) == "suppress"
        for item in stmt.items
        for node in ast.walk(item.context_expr)
    )


def _may_leave(stmt: ast.stmt) -> bool:
    """Whether `stmt` may end its function without raising: a `return` or `yield` in it
    (not in a function or class it defines)."""
    stack: list[ast.AST] = [stmt]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Return | ast.Yield | ast.YieldFrom):
            return True
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        stack.extend(ast.iter_child_nodes(node))
    return False


def unconditional_defs(tree: ast.Module) -> set[int]:
    """The lines of the functions defined in a module's, a class's or a function's own body,
    not under an `if`, a `try`, a loop or a `with`."""
    found: set[int] = set()
    bodies: list[list[ast.stmt]] = [tree.body]
    while bodies:
        for node in bodies.pop():
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                found.add(node.lineno)
                bodies.append(node.body)
            elif isinstance(node, ast.ClassDef):
                bodies.append(node.body)
    return found


def functions(tree: ast.Module, table: symtable.SymbolTable):
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
                for part in ast.walk(target):
                    if isinstance(part, ast.Name):
                        after_value.add(id(part))
                        bind(part.id, end)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            if id(node) not in after_value:
                bind(node.id, (node.lineno, node.col_offset))
        elif (name := _binds(node)) is not None:
            bind(name, (node.lineno, node.col_offset))  # type: ignore[attr-defined]
    return first


def _only_calls_bind(func: ast.FunctionDef | ast.AsyncFunctionDef | None, name: str) -> bool:
    """Whether every binding of the local `name` in `func` assigns it a call's result
    (`mgr = AuthManager(f)`): no loop, `with … as`, `except … as` or import binds it."""
    if func is None:
        return False
    made = set()
    for node in _own_nodes(func):
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.NamedExpr):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if isinstance(node.value, ast.Call):
                made |= {id(target) for target in targets if isinstance(target, ast.Name)}
    for node in _own_nodes(func):
        if isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load):
            if id(node) not in made:
                return False
        elif _binds(node) == name:
            return False
    return True


def _rebinds(func: ast.FunctionDef | ast.AsyncFunctionDef | None, name: str) -> bool:
    """Whether `func`'s body binds its parameter `name` again."""
    if func is None:
        return True
    return any(
        (isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load))
        or _binds(node) == name
        for node in _own_nodes(func)
    )


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


def surely_evaluated(expr: ast.expr) -> Iterator[ast.AST]:
    """The nodes of `expr` that are evaluated whenever it is, in evaluation order: not the
    right of `and`/`or`, a branch of `x if c else y`, a lambda's body, nor what a
    comprehension does per item (also unbound_at_load.py's)."""
    if isinstance(expr, ast.Lambda):
        return
    if isinstance(expr, ast.BoolOp):
        yield from surely_evaluated(expr.values[0])
        return
    if isinstance(expr, ast.IfExp):
        yield from surely_evaluated(expr.test)
        return
    if isinstance(expr, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
        yield from surely_evaluated(expr.generators[0].iter)
        return
    if isinstance(expr, ast.Compare):
        yield from surely_evaluated(expr.left)
        yield from surely_evaluated(expr.comparators[0])
        return
    for child in ast.iter_child_nodes(expr):
        if isinstance(child, ast.keyword):
            yield from surely_evaluated(child.value)
        elif isinstance(child, ast.expr):
            yield from surely_evaluated(child)
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
