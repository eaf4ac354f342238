"""Memos a module's body fills at import, before the app serves: a first-call stall on a
request path whose memo the import already filled never happens (rules/blocking.py).

A module body (or a class body in it) that calls `get_plugins()`, or `load_configs()` which
calls an `lru_cache`d `read_yaml(str(CONFIG_DIR / "models.yaml"))`, fills that cache for
the process: for a memo keyed by arguments, for the key it was called with — the same on
every call when the arguments read nothing the caller is given. Only the bodies of modules
the served program runs count: one holding an app, a router or an entry point, or one a
project module imports — not a script nothing imports (an Alembic `env.py`, a seed script).
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from unjam.analysis.summary import names_read

if TYPE_CHECKING:
    from unjam.analysis.callgraph import Site
    from unjam.analysis.project import Func
    from unjam.analysis.rules_engine import RulesEngine
    from unjam.analysis.summary import CallSite

_IMPORT_DEPTH = 3  # calls followed from a module's body to a cached function it warms
_SPREAD_DEPTH = 8  # locals followed back from a call's arguments
_UNKNOWN = ("?",)  # a local's value the summary does not know (a loop variable)
_SELF = ("name", "self")


class ImportWarmed:
    def __init__(self, engine: RulesEngine) -> None:
        self.e = engine
        self.p = engine.p
        self.g = engine.g
        # callees a module body surely calls without arguments, with any, and the (caller,
        # line) of its sure calls whose arguments are the same on every call (built on
        # first use)
        self._bare: set[str] | None = None
        self._called: set[str] = set()
        self._fixed: set[tuple[str, int]] = set()

    def warmed(self, path: list[tuple[str, int]], site: Site) -> bool:
        """Whether the function whose memo guard makes the path a first-call one, or an
        `lru_cache`d function on `path`, is also called by a module's body — there, or in a
        function the body calls (`_prepare_plugins()` beside the app, which calls
        `get_plugins()`; `if smtp.has_smtp():` in a package's `__init__`; `logger =
        get_logger(__name__)`, whose `if not logger.handlers:` sets up the one logger), a
        few calls deep, on no test — with any arguments when the memo is not keyed by them;
        a cached function without arguments, or from the very call the path makes, whose
        arguments are the same on every call: its one call per process (per key) happens
        at import, before any request, so a request finds it filled."""
        if self._bare is None:
            self._bare = self._called_at_import()
        holder = self.e.memos.memo_step(path) or site.func  # (else the memo is around the call)
        if holder in self._called and not self.e.memos.memo_by_arguments(path, site):
            return True
        if self._filled_by_a_call_at_import(path):
            return True
        return any(
            self.e.memos.is_cached(callee) and (callee in self._bare or hop in self._fixed)
            for hop, (callee, _line) in pairwise(path)
        )

    def _filled_by_a_call_at_import(self, path: list[tuple[str, int]]) -> bool:
        """Whether the guarded call is itself made at import and sets what the guard tests:
        `svc = Svc()` whose `__init__` calls `self.init()`, which sets `self.ok`, before
        `if not self.ok: self.init()` in a method a request calls — the request finds it
        set, unless the import-time call failed; or the construction of a class that keeps
        its one instance (`system = SystemService().settings` at import, then
        `SystemService()` in a dependency)."""
        found = self.e.memos.memo_edge(path)
        if found is None or found[1] is None or path[found[0] + 1][0] not in self._called:
            return False
        holder = self.p.funcs.get(path[found[0]][0])
        callee = self.p.funcs.get(path[found[0] + 1][0])
        if holder is None or callee is None:
            return False
        if found[1].guard < 0 and callee.fd.name == "__init__":
            # (a class whose metaclass keeps its one instance: the import built it)
            return callee.class_gqn is not None and self.g.singletons.made_once(callee.class_gqn)
        index = found[1].guard
        while index >= 0:
            guard = holder.fd.guards[index]
            if _sets(callee, guard.subject):
                return True
            index = guard.outer
        return False

    def _called_at_import(self) -> set[str]:
        """The functions module bodies surely call without arguments, directly or through
        the functions they surely call (within _IMPORT_DEPTH calls); what they call
        with any arguments goes to `_called`, the sure calls made with the same arguments
        every time to `_fixed`. (An entry point, say the `main_async` a launcher hands to
        `run_until_complete`, is the program serving, whose own stalls are reported: not
        followed.)"""
        found: set[str] = set()
        run = self._run_modules()
        entries = {f for inv in (*self.e.loop_entries, *self.e.startup) for f in inv.funcs}
        bodies = [self.p.module_scope(mod) for mod in self.p.unique_modules() if mod.name in run]
        level = [body.gqn for body in bodies]
        # (`get_db = db_manager.db_module.create_all_tables`: reading a property runs it)
        read = {getter for body in bodies for getter in self._properties_read(body)}
        found |= read
        self._called |= read
        level += sorted(read)
        seen = set(level)
        for _depth in range(_IMPORT_DEPTH):
            following = []
            for gqn in level:
                func = self.p.funcs.get(gqn)
                if func is None:
                    continue
                calls = func.fd.calls
                for edge in self.g.resolved(gqn).edges:
                    if edge.guard >= 0 or edge.on_error or edge.site < 0:
                        continue
                    if edge.callee in entries:
                        continue  # what the program serves with, not what it does first
                    site = calls[edge.site]
                    self._called.add(edge.callee)
                    if not site.args and not site.kwargs:
                        found.add(edge.callee)
                    elif _same_arguments(func, site):
                        self._fixed.add((gqn, site.line))
                    if edge.callee not in seen:
                        seen.add(edge.callee)
                        following.append(edge.callee)
            level = following
        return found

    def _properties_read(self, body: Func) -> set[str]:
        """The property getters a module body runs by reading them, at its top level, on the
        process's one instance of a class (`db_manager.db_module` of `db_manager =
        DBManager()`): a memo on that instance is then filled for every later read."""
        p = self.p
        found: set[str] = set()
        values = body.mod.summary.global_values.values()
        refs = [value for bound in values for scope, value in bound if scope == "<module>"]
        for ref in refs:
            for base, attr in _attribute_reads(ref):
                owner = p.value_of(body, base)
                if owner is None or owner[0] != "obj" or not self.g.singleton(owner[1]):
                    continue
                method = p.method(owner[1], attr)
                if method is not None and p.is_property(method):
                    found.add(method.gqn)
        return found

    def _run_modules(self) -> set[str]:
        """The modules whose bodies the served program runs: those holding an app, a router
        or a function the app runs, and those some project module imports at its top (the
        package's launcher that `__main__` imports, a settings module) — not a script nothing
        imports, which only its own tool runs."""
        p = self.p
        model = self.e.model
        run = {obj.scope.mod.name for obj in model.apps}
        entries = [*self.e.loop_entries, *self.e.startup, *model.others]
        entries += [inv for route in model.routes for inv in (route.endpoint, *route.dependencies)]
        for inv in entries:
            for gqn in inv.funcs:
                func = p.funcs.get(gqn)
                if func is not None:
                    run.add(func.mod.name)
        tops = {name.partition(".")[0] for name in p.modules}
        targets: set[str] = set()
        for mod in p.unique_modules():
            for ref in [*mod.summary.imports.values(), *mod.summary.star_imports]:
                if ref.level == 0 and ref.module.partition(".")[0] not in tops:
                    continue  # an outside package (most imports): not resolved at all
                target = p.import_target(mod, ref)
                if target.partition(".")[0] in tops:  # (not an outside package's)
                    targets.add(target)
        for target in targets:
            run.update(_packages(target))
        return run


def _packages(dotted: str) -> list[str]:
    """`a.b.c` and each package above it (`a.b`, `a`): importing it runs them all (the last
    part may be a name in `a.b`, not a module: then it matches none)."""
    parts = dotted.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts) + 1)]


def _sets(func: Func, subject: tuple) -> bool:
    """Whether `func` stores what `subject` reads: `self.ok` by `self.ok = True`, a module
    global by assigning it (`global _ready` … `_ready = True`)."""
    fd = func.fd
    if subject[0] == "attr" and subject[1] == _SELF:
        return any(base == _SELF and attr == subject[2] for base, attr, _ in fd.attr_stores)
    if subject[0] != "name" or subject[1] not in fd.globals_declared:
        return False
    assigned = func.mod.summary.global_values.get(subject[1], ())
    return any(scope == fd.qn for scope, _value in assigned)


def _same_arguments(func: Func, site: CallSite) -> bool:
    """Whether the call's arguments read none of the caller's parameters, directly or
    through its locals (`path = BASE_DIR / "config.yaml"`, then `read(str(path))`), nor a
    local of unknown value (a loop variable): then every call passes the same ones
    (module-level values; a value a call makes anew, such as the time, is not told apart)."""
    fd = func.fd
    given = {q.name for q in fd.params}
    names = _names([*site.args, *(value for _key, value in site.kwargs)])
    seen: set[str] = set()
    for _ in range(_SPREAD_DEPTH):
        if names & given:
            return False
        local = {n for n in names - seen if n in fd.locals}
        if not local:
            return True
        values = [v for n in local for v in fd.locals[n]]
        if any(v == _UNKNOWN for v in values):
            return False
        seen |= local
        names = (names - local) | _names(values)
    return False


def _names(refs: list) -> set[str]:
    """The bare names the refs read."""
    return {name for ref in refs for name in names_read(ref)}


def _attribute_reads(ref: tuple) -> list[tuple[tuple, str]]:
    """(base, attribute) of each `base.attribute` a ref reads, outermost last."""
    found: list[tuple[tuple, str]] = []
    stack: list[object] = [ref]  # (a `**mapping` keyword's name is None, not a ref)
    while stack:
        item = stack.pop()
        if not isinstance(item, tuple) or not item:
            continue
        if not isinstance(item[0], str):
            stack.extend(item)
            continue
        if (
            item[0] == "attr"
            and len(item) == 3
            and isinstance(item[1], tuple)
            and type(item[2]) is str
        ):
            found.append((item[1], item[2]))
        stack.extend(part for part in item[1:] if isinstance(part, tuple))
    return found
