"""Fallbacks for a value that start-up sets: in

    _pool = None

    def init_pool():
        global _pool
        _pool = ConnectionPool(DSN)

    def get_conn():
        if _pool is not None:
            return _pool.connection()
        return psycopg.connect(DSN)

with a lifespan that calls `init_pool()`, the pool is set before the app serves its first
request, so `psycopg.connect` never runs for one: it is there for tests and scripts that
skip the lifespan. The call graph leaves out what runs only while such a global is unset.

A global counts as set at start when code that runs before serving — a lifespan, a startup
handler, an app factory, the module body, or a function one of them calls outside any test
the summary records (within a few calls) — binds it, outside such tests, to an object it
builds (a project class's instance, a client the catalogue names, a library class:
`ConnectionPool(…)`, not `os.getenv(…)`, which may give None) — in its module, or from
another through the module's name (`conn.http_client = httpx.AsyncClient()` in main.py's
lifespan) — and no code but such code (a shutdown's `close_pool()`) sets it back to None. The tests that mean "unset" are the
summary's unset-value guards on the global itself: `if _pool is None:`, `if not _pool:`, the
`else` of `if _pool is not None:` or `if _pool:`, and what follows `if _pool: return …` or
`if _pool: return` — not a key looked up in it (`if key in _cache: return _cache[key]`: a
miss still runs). An `if` the summary does not record (`if settings.use_pool:
init_pool()`) is not seen: such a set-up is taken as made.
"""

from __future__ import annotations

from collections.abc import Callable

from unjam.analysis.project import Func, Module, Project
from unjam.analysis.summary import FuncDef, Guard

_UNSET_TESTS = frozenset({"is None", "not", "unset", "cached", "done"})
_NONE = ("const", None)
# what an empty container is made with: emptiness, not being unset, is what a test of it asks
_CONTAINERS = frozenset(
    {"set", "dict", "list", "defaultdict", "OrderedDict", "deque", "Counter", "TTLCache"}
    | {"LRUCache", "WeakValueDictionary", "WeakKeyDictionary", "Queue"}
)
_DEPTH = 3  # calls followed from a start-up function to the one that binds the global
_NOTHING: frozenset[int] = frozenset()


class SetAtStart:
    """Which guards of a function test a module global that start-up sets (lazily, per
    module)."""

    def __init__(
        self,
        project: Project,
        once: frozenset[str],
        is_client: Callable[[str], bool],
        runs_once: Callable[[Func], bool],
    ):
        self.project = project
        self._once = once  # lifespans, startup/shutdown handlers, app and router factories
        self._is_client = is_client  # the catalogue's: a library call that builds a client
        # callgraph_singletons.py's: whether only code that runs once per process calls it
        self._runs_once = runs_once
        self._names: dict[str, frozenset[str]] = {}  # module path → its globals set at start
        self._outside: dict[str, dict[str, list[tuple[Func, tuple]]]] | None = None

    def unset_tests(self, func: Func) -> frozenset[int]:
        """The indexes of `func`'s guards under which code runs only while a global set at
        start is unset (with the guards nested in them)."""
        fd = func.fd
        if not fd.guards:
            return _NOTHING
        names = self._set_at_start(func.mod)
        if not names:
            return _NOTHING
        found: set[int] = set()
        for i, guard in enumerate(fd.guards):
            if (guard.outer >= 0 and guard.outer in found) or _tests_unset(fd, guard, names):
                found.add(i)
        return frozenset(found)

    def _set_at_start(self, mod: Module) -> frozenset[str]:
        known = self._names.get(mod.path)
        if known is None:
            outside = self._stored_from_outside().get(mod.name, {})
            known = self._names[mod.path] = frozenset(
                name
                for name, values in mod.summary.global_values.items()
                if self._bound_before_serving(mod, values, outside.get(name, []))
                and not self._unbound(mod, values, outside.get(name, []))
            )
        return known

    def _stored_from_outside(self) -> dict[str, dict[str, list[tuple[Func, tuple]]]]:
        """module name → global → (function, value) of the stores other modules make
        through the module's name (`conn.http_client = httpx.AsyncClient()` in a lifespan
        of main.py, after `import conn`)."""
        if self._outside is None:
            self._outside = {}
            p = self.project
            for func in p.funcs.values():
                for base, attr, value in func.fd.attr_stores:
                    if base[0] != "name" or base[1] in ("self", "cls"):
                        continue  # (`self.x = …`: an instance's, never a module's)
                    target = p.value_of(func, base)
                    if target is not None and target[0] == "mod":
                        held = self._outside.setdefault(target[1], {})
                        held.setdefault(attr, []).append((func, value))
        return self._outside

    def _bound_before_serving(
        self, mod: Module, values: list[tuple[str, tuple]], outside: list[tuple[Func, tuple]]
    ) -> bool:
        funcs = self.project.funcs
        binders = [(funcs.get(f"{mod.name}.{qn}"), value) for qn, value in values] + outside
        for func, value in binders:
            call = value[1] if value[0] == "await" else value
            if func is None or call[0] != "call" or not _made_unguarded(func.fd, call):
                continue
            if self._builds_an_object(func, call) and self._runs_before_serving(func, _DEPTH):
                return True
        return False

    def _builds_an_object(self, func: Func, call: tuple) -> bool:
        """Whether the call surely gives an object, never None nor an empty value: an
        instance of a project class, a client the catalogue names (`ConnectionPool(…)`,
        `redis.from_url(…)`), a library class (a CamelCase name, not an empty container) —
        not a setting's read (`os.getenv("EMAIL")`), which may be unset."""
        name = _called_name(call)
        if name in _CONTAINERS:
            return False
        callee = self.project.value_of(func, call[1])
        if callee is None:
            return False
        if callee[0] == "class":
            return True
        return callee[0] == "ext" and (self._is_client(callee[1]) or name[:1].isupper())

    def _unbound(
        self, mod: Module, values: list[tuple[str, tuple]], outside: list[tuple[Func, tuple]]
    ) -> bool:
        """Whether code that may run while serving sets the global back to None (not a
        shutdown's `close_pool()`, which only the lifespan calls)."""
        funcs = self.project.funcs
        for qn, value in values:
            if value == _NONE and qn != "<module>":
                func = funcs.get(f"{mod.name}.{qn}")
                if func is None or not self._runs_once(func):
                    return True
        return any(value == _NONE and not self._runs_once(func) for func, value in outside)

    def _runs_before_serving(self, func: Func, depth: int) -> bool:
        if func.fd.qn == "<module>" or func.gqn in self._once:
            return True
        if depth == 0 or func.fd.decorators:
            return False
        p = self.project
        for caller, site in p.sites_named(func.fd.name):
            if site.guard >= 0 or caller.gqn == func.gqn:
                continue
            callee = p.callee(caller, site.func)
            if (
                callee is not None
                and callee[1] == func.gqn
                and self._runs_before_serving(caller, depth - 1)
            ):
                return True
        return False


def _made_unguarded(fd: FuncDef, call: tuple) -> bool:
    """Whether a call whose value the function binds (`call`, as its ref) is made at the
    function's top level, under no test."""
    return any(site.func == call[1] and site.guard < 0 for site in fd.calls)


def _tests_unset(fd: FuncDef, guard: Guard, names: frozenset[str]) -> bool:
    subject = guard.subject
    if guard.kind not in _UNSET_TESTS or subject[0] != "name" or subject[1] not in names:
        return False
    name = subject[1]
    if name in fd.locals or any(p.name == name for p in fd.params):
        return False
    returned = guard.returned
    if guard.kind == "cached" and returned is not None:
        return _gives_the_value(returned, subject)
    return True


def _gives_the_value(returned: tuple, subject: tuple) -> bool:
    """Whether an early return gives the tested value or what it makes (`return _pool`,
    `return _pool.connection()`) — not an entry (`_cache[key]`, `_cache.get(key)`, or
    another table's) read after `key in _cache`, whose miss runs however the value is set."""
    if returned == subject:
        return True
    if returned[0] == "call":
        returned = returned[1]
    return returned[0] == "attr" and returned[1] == subject and returned[2] != "get"


def _called_name(call: tuple) -> str:
    func = call[1]
    return func[1] if func[0] == "name" else func[2] if func[0] == "attr" else ""
