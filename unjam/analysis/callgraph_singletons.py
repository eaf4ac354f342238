"""Which classes have one instance per process: built only by code that runs once (the
module body, a lifespan, an app factory, a singleton's `__init__`, a function only such code
calls), kept by a memo, or kept by their own `__new__`. Their methods' `self.x` memo guards
then hold across requests, like a module global's (rules/memo.py)."""

from __future__ import annotations

from collections.abc import Callable

from unjam.analysis.callgraph_kills import ArgumentKills
from unjam.analysis.project import Func, Project
from unjam.analysis.summary import CallSite, FuncDef

_ONCE_DEPTH = 3  # callers followed up to code that runs once per process (`_runs_once`)


class Singletons:
    """`of(class)`, judged once per class."""

    def __init__(
        self,
        project: Project,
        once: frozenset[str],
        kills: ArgumentKills,
        memo_guards: Callable[[Func], Callable[[int], bool]],
    ):
        self.project = project
        self._once = once  # functions the framework runs once per process: lifespan, startup
        self.kills = kills
        self._memo_guards = memo_guards
        self._known: dict[str, bool] = {}  # class gqn → of()
        self._made_once: dict[str, bool] = {}  # class gqn → made_once()
        self._builders: frozenset[str] | None = None  # see _builder_classes
        self._subclass_index: dict[str, list[str]] | None = None
        self._cls_sites: dict[str, list[tuple[Func, CallSite]]] | None = None  # _cls_calls

    def of(self, class_gqn: str | None) -> bool:
        """Whether the class's instances are one per process each: it and every project
        subclass are instantiated only by code that runs once per process (`_runs_once`: the
        module body, `handler = Handler()`; a lifespan, `app.state.svc = Service()`; code
        that builds an app or router; the `__init__` of such a singleton; a function only
        such code calls). Then its methods' `self.x` memo guards hold across requests, like
        a module global's. So are those of a class whose `__new__` keeps one instance, and
        of one whose own method builds a router (`def attach_routes(self): router =
        APIRouter() …`, an interface a library's user makes once per app): the routes it
        registers hold that instance for as long as the app serves."""
        if class_gqn is None:
            return False
        known = self._known.get(class_gqn)
        if known is None:
            self._known[class_gqn] = False  # (a cycle through it: not shown to be one)
            known = (
                self._built_once(class_gqn)
                or _keeps_one_instance(self.project, class_gqn)
                or self.made_once(class_gqn)
                or class_gqn in self._builder_classes()
            )
            self._known[class_gqn] = known
        return known

    def made_once(self, class_gqn: str) -> bool:
        """Whether calling the class builds it once: its metaclass's `__call__` keeps the
        instance it made and hands it back (`if cls not in cls._instances:
        cls._instances[cls] = super().__call__(...)`, `return cls._instances[cls]`), so
        `__new__` and `__init__` run on the first call only."""
        known = self._made_once.get(class_gqn)
        if known is None:
            known = self._made_once[class_gqn] = metaclass_keeps_one(self.project, class_gqn)
        return known

    def _builder_classes(self) -> frozenset[str]:
        """The classes one of whose own methods builds an app or a router (built once)."""
        found = self._builders
        if found is None:
            classes: set[str] = set()
            for gqn in self._once:
                func = self.project.funcs.get(gqn)
                if func is not None and func.class_gqn is not None:
                    classes.add(func.class_gqn)
            found = self._builders = frozenset(classes)
        return found

    def _subclasses(self) -> dict[str, list[str]]:
        """Each project class's project subclasses, from every class's MRO (built once)."""
        index = self._subclass_index
        if index is None:
            index = self._subclass_index = {}
            for other in self.project.classes.values():
                if other.cd.bases:
                    for base in self.project.mro(other.gqn)[0][1:]:
                        index.setdefault(base, []).append(other.gqn)
        return index

    def _built_once(self, class_gqn: str) -> bool:
        p = self.project
        cls = p.classes.get(class_gqn)
        if cls is None:
            return False
        # its subclasses' instances run its methods too
        family = [class_gqn, *self._subclasses().get(class_gqn, ())]
        built = False
        by_cls = self._cls_calls()
        for member in family:
            for caller, site in p.sites_named(member.rpartition(".")[2]):
                value = p.callee(caller, site.func)
                if value is None or value[0] != "class" or value[1] != member:
                    continue
                if not (self._runs_once(caller, _ONCE_DEPTH) or self._kept(caller, site)):
                    return False
                built = True
            for caller, site in by_cls.get(member, ()):
                if not self._called_at_all(caller, _ONCE_DEPTH):
                    continue  # (a factory nothing calls builds nothing)
                if not (self._runs_once(caller, _ONCE_DEPTH) or self._kept(caller, site)):
                    return False
                built = True
        return built

    def _cls_calls(self) -> dict[str, list[tuple[Func, CallSite]]]:
        """The `cls(...)` calls of classmethods (`Store.from_env()`), by the class each
        builds an instance of (found once)."""
        found = self._cls_sites
        if found is None:
            found = self._cls_sites = {}
            for caller, site in self.project.sites_named("cls"):
                if caller.class_gqn is None:
                    continue
                value = self.project.callee(caller, site.func)
                if value is not None and value[0] == "class":
                    found.setdefault(value[1], []).append((caller, site))
        return found

    def _called_at_all(self, func: Func, depth: int) -> bool:
        """Whether some code may call `func`: a chain of callers (within `depth`) that
        reaches the module body, a framework hook, or a function handed on or decorated —
        not only functions nothing calls (an unused factory)."""
        fd = func.fd
        if fd.qn == "<module>" or func.gqn in self._once or depth == 0:
            return True
        if fd.name in self.project.used_names() or (
            fd.decorators and not self.kills.decorators.all_transparent(func)
        ):
            return True
        return any(
            self._called_at_all(caller, depth - 1)
            for caller in self.project.direct_callers(func)
            if caller.gqn != func.gqn
        )

    def _kept(self, caller: Func, site: CallSite) -> bool:
        """Whether the construction at `site` is kept for later calls: made under a memo
        guard (`if _client is None: _client = Client()`) or in a function whose result a
        cache decorator keeps (`@lru_cache def get_client(): return Client()`)."""
        if site.guard >= 0 and self._memo_guards(caller)(site.guard):
            return True
        return self.project.memoised(caller)

    def runs_once(self, func: Func) -> bool:
        """Whether `func` runs once per process (`_runs_once`, a few callers up)."""
        return self._runs_once(func, _ONCE_DEPTH)

    def _runs_once(self, func: Func, depth: int) -> bool:
        """Whether `func` runs once per process: the module body, a lifespan or a
        startup/shutdown handler, the `__init__` of a singleton, or (within `depth` callers)
        a function that nothing uses as a value and that only such code calls, or calls
        under a memo guard, undecorated or wrapped only by decorators that call it as it was
        called (transparent.py)."""
        fd = func.fd
        if fd.qn == "<module>" or func.gqn in self._once:
            return True
        if fd.name == "__init__" and func.class_gqn is not None:
            return self.of(func.class_gqn)
        if depth == 0 or fd.is_lambda or fd.name.startswith("__"):
            return False
        if fd.decorators and not self.kills.decorators.all_transparent(func):
            return False  # `@app.get`, `@click.command`: called by something else
        if fd.name in self.project.used_names():
            return False  # `Depends(f)`, a callback, a route: called by anything
        # (a call its caller keeps, `if _adapters is None: _adapters = build()`, runs once too)
        return self.project.called_only_from(
            func, lambda c, site: self._runs_once(c, depth - 1) or self._kept(c, site)
        )


def _keeps_one_instance(project: Project, class_gqn: str) -> bool:
    """Whether the class's `__new__` hands back the one instance it keeps, wherever it is
    called from: `if cls._instance is None: cls._instance = super().__new__(cls)` then
    `return cls._instance`, or the one it keeps for its argument (`if port not in
    cls._instances: …` then `return cls._instances[port]`), as a metaclass may."""
    new = project.method(class_gqn, "__new__")
    if new is None:
        return False
    held = [
        guard.subject
        for guard in new.fd.guards
        if guard.kind in ("is None", "not", "not in")
        and guard.subject[:2] == ("attr", ("name", "cls"))
    ]
    return bool(held) and all(
        ref in held or (ref[0] == "sub" and ref[1] in held) for ref in new.fd.return_values
    )


def metaclass_keeps_one(project: Project, class_gqn: str) -> bool:
    """Whether the metaclass the class has (its own or a base's) is a project class whose
    `__call__` returns only what it keeps under a test of it: `if cls not in
    cls._instances: …` then `return cls._instances[cls]`, or `cls._instance`; or a local
    read from what it keeps and tested (`instance = cls._instances.get(cls)`, `if instance
    is None: instance = super().__call__(…); cls._instances[cls] = instance`)."""
    for member in project.mro(class_gqn)[0]:
        cls = project.classes.get(member)
        if cls is None or cls.cd.metaclass is None:
            continue
        scope = project.class_scope(cls)
        meta = project.value_of(scope, cls.cd.metaclass)
        if meta is None or meta[0] != "class":
            return False
        call = project.method(meta[1], "__call__")
        if call is None or not call.fd.params:
            return False
        own = ("name", call.fd.params[0].name)
        held = [
            guard.subject
            for guard in call.fd.guards
            if guard.kind in ("is None", "not", "not in")
            and guard.subject[0] == "attr"
            and guard.subject[1] == own
        ]
        returned = call.fd.return_values
        return bool(returned) and all(
            (held and (ref in held or (ref[0] == "sub" and ref[1] in held)))
            or _kept_local(call.fd, own, ref)
            for ref in returned
        )
    return False


def _kept_local(fd: FuncDef, own: tuple, ref: tuple) -> bool:
    """Whether `ref` is a local of the metaclass's `__call__` that the code tests and that
    holds only what the class keeps (`cls._instances.get(cls)`, `cls._instances[cls]`,
    `cls._instance`) or, where the class keeps it too, a new instance: a memo in a local."""
    if ref[0] != "name" or not any(g.subject == ref for g in fd.guards):
        return False
    kept = {target for target in fd.mutated if target[0] == "attr" and target[1] == own}
    kept |= {("attr", base, attr) for base, attr, _value in fd.attr_stores if base == own}
    if not kept:
        return False
    values = fd.locals.get(ref[1], [])
    reads = [value for value in values if _reads_kept(value, kept)]
    return bool(reads) and all(value in reads or _builds(value) for value in values)


def _reads_kept(value: tuple, kept: set) -> bool:
    if value in kept:
        return True
    if value[0] == "sub":
        return value[1] in kept
    func = value[1] if value[0] == "call" else None
    return func is not None and func[0] == "attr" and func[2] == "get" and func[1] in kept


def _builds(value: tuple) -> bool:
    """`super().__call__(…)` or `type.__call__(cls, …)`: the class's new instance."""
    func = value[1] if value[0] == "call" else None
    return func is not None and func[0] == "attr" and func[2] == "__call__"
