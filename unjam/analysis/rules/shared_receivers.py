"""Memos on an object the app keeps for its life, whatever other instances its class has.

`if self._registry is None: self._registry = self._create_registry()` in a property of
`FeatureStore` is a memo only on an instance that outlives the request: the class is built
in many places (a CLI, tests, each worker), so its `self.x` tests are not memos in general
(callgraph_resolve.py `_memo_guards`: only a class made once per process has them). But an
endpoint that reads `store.registry`, with `store` a parameter or local of the function that
built the app (`def get_app(store): ... @app.get("/health") async def health():
store.registry...`), always reads the same instance: the first request fills the memo,
later ones find it filled. So, where a path enters a method on such an instance, that
method's `self.x` memos count as memos on that path (memo_paths.py `memo_edge`,
`memoised_only`).

What holds one instance for the app's life: a name the calling function reads from a
function it is nested in that runs once per process (an app builder, a lifespan:
`Singletons.runs_once`), a module-level name no function rebinds (`global`), a local set
once from a getter that returns one of those (`store = _get_store()`) or what it memoises
(`if _svc is None: _svc = Service(store)`), and, along a
path, a parameter the caller passed such a name (`assert_allowed(store, ...)`), or `self`
in a method entered on one. Each step of a path carries the set of its function's names
known to hold one ("kept names": `entered`). A project without an app is a library whose
callers hold its objects: a coroutine method they call (an entry of its own) keeps `self`;
so does a method an app registers bound to its instance (a route, a dependency, a
middleware's `dispatch`), which every request runs on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from unjam.analysis.rules.app_state import on_app_state, reads_app_state, returns_app_state
from unjam.analysis.rules.memo import keyed
from unjam.analysis.values import passed_names

if TYPE_CHECKING:
    from unjam.analysis.callgraph import CallGraph
    from unjam.analysis.callgraph_records import Edge
    from unjam.analysis.project import Func, Project
    from unjam.analysis.rules.memo import MemoGuards
    from unjam.analysis.summary import Param

NONE: frozenset[str] = frozenset()
_SELF = frozenset({"self"})
_INJECTED_DEPTH = 2  # dependencies followed through their own `Depends` parameters


class SharedReceivers:
    def __init__(self, project: Project, graph: CallGraph) -> None:
        self.p = project
        self.g = graph
        self._only: dict[str, bool] = {}  # method gqn → `_has_shared_memos`
        self._kept_memos: dict[str, MemoGuards] = {}  # method gqn → its memos on a kept self
        self._held: dict[tuple[str, str], bool] = {}  # (function gqn, name) → `_holds_one`
        self._attributes: dict[tuple[str, str], bool] = {}  # (class, attr) → _kept_attribute
        self._bases: frozenset[str] | None = None  # the project classes some class extends
        # (caller, its kept names, callee, line, call index) → `entered`: the same edges are
        # walked from each entry (memo_paths.py `_steady_states`)
        self._entered: dict[tuple, frozenset[str]] = {}
        # methods whose `self` outlives each call: entries of a project without an app, whose
        # callers hold the instance (`await crawler.aseed_urls()`), and methods an app
        # registered bound to its instance (`Route("/x", self.handle)`); set by the rules
        # engine
        self.held_by_caller: frozenset[str] = NONE

    def at_entry(self, gqn: str) -> frozenset[str]:
        """The kept names of an entry: `self` of a method a caller outside the project
        calls on its own instance, which outlives the call; none of a route or handler."""
        return _SELF if gqn in self.held_by_caller else NONE

    def memo_of_kept(self, method: str, guard: int) -> bool:
        """Whether guard `guard` of `method` is a memo when its `self` is an instance the
        app keeps (and not already on any instance)."""
        if guard < 0 or not self._has_shared_memos(method):
            return False
        memo = self._kept_memos.get(method)
        return memo is not None and memo(guard)

    def memo_of_any_instance(self, method: str, guard: int) -> bool:
        """Whether guard `guard` of `method` is such a memo (`memo_of_kept`) whose test the
        method fills itself: one on whatever instance it is called on. Not one kept per
        key (`if node_id in self._tasks:`): each new key pays on each instance."""
        if not self.memo_of_kept(method, guard):
            return False
        memo, fd = self._kept_memos[method], self.p.funcs[method].fd
        at = guard
        while at >= 0:
            if memo.tests_a_memo(at) and memo.fills_its_test(at) and not keyed(fd, at):
                return True
            at = fd.guards[at].outer
        return False

    def along(self, path: list[tuple[str, int]]) -> list[frozenset[str]]:
        """The kept names of each step of `path`."""
        out = [self.at_entry(path[0][0])]
        resolved = self.g.resolved
        for i in range(len(path) - 1):
            (caller, line), callee = path[i], path[i + 1][0]
            edge = next(
                (e for e in resolved(caller).edges if e.callee == callee and e.line == line),
                None,
            )
            out.append(NONE if edge is None else self.entered(caller, out[i], edge))
        return out

    def entered(self, caller: str, kept: frozenset[str], edge: Edge) -> frozenset[str]:
        """The kept names of `edge`'s callee, entered from `caller` whose kept names are
        `kept`: `self` when it is a method called on a kept name, and each parameter the
        call passes a kept name."""
        key = (caller, kept, edge.callee, edge.line, edge.site)
        known = self._entered.get(key)
        if known is None:
            known = self._entered[key] = self._enter(caller, kept, edge)
        return known

    def _enter(self, caller: str, kept: frozenset[str], edge: Edge) -> frozenset[str]:
        funcs = self.p.funcs
        func, target = funcs.get(caller), funcs.get(edge.callee)
        if func is None or target is None:
            return NONE
        found: set[str] = set()
        if target.class_gqn is not None:
            receivers = _receivers(func, edge.line, target.fd.name)
            if receivers and all(self._kept_receiver(func, kept, r) for r in receivers):
                found.add("self")
        if edge.site >= 0 and edge.site < len(func.fd.calls):
            site = func.fd.calls[edge.site]
            bound = self.g.kills.bound(func, site, target)
            for theirs, ours in passed_names(site, target.fd, func.fd, bound).items():
                if ours in kept or self._holds_one(func, ours):
                    found.add(theirs)
        if not found:
            return NONE
        return _SELF if found == {"self"} else frozenset(found)

    def _kept_receiver(self, func: Func, kept: frozenset[str], receiver: tuple) -> bool:
        """Whether the receiver ("name", n), ("self", attribute), ("app", _) or ("made",
        the call's ref) read in `func` holds one object for the app's life."""
        kind, name = receiver
        if kind == "app":
            return True
        if kind == "made":
            return reads_app_state(self.p, func, name)
        if kind == "within":  # `resources.limiter` of `resources = get_resources(request)`
            values = func.fd.locals.get(name, ())
            return len(values) == 1 and reads_app_state(self.p, func, values[0])
        if kind == "name":
            return name in kept or self._holds_one(func, name)
        owner = func.class_gqn
        if kind == "self" and owner is not None:
            if "self" in kept and name in self.g.init_only_attributes(owner):
                return True  # (a kept instance's attribute its constructor set)
            if "self" in kept and name in self.g.lazily_set_attributes(owner):
                return True  # (… or one a method made once: `if self._x is None: self._x =`)
            return self._kept_attribute(owner, name)
        return False

    def _injected_app_state(self, func: Func, param: Param, depth: int) -> bool:
        """Whether FastAPI fills `param` with what the app keeps on its state: `resources =
        Depends(get_resources)` of a getter of `request.app.state.resources`, or `idem =
        Depends(get_idempotency)` of a dependency returning `resources.idempotency` from
        such a parameter of its own."""
        depends = self.p.param_depends(func, param)
        if depends is None:
            return False
        target = self.p.depends_target(depends[0], param, depends[1])
        dep = self.p.funcs.get(target[1]) if target is not None and target[0] == "func" else None
        if dep is None or dep.fd.is_generator:
            return False
        if returns_app_state(self.p, dep):
            return True
        returned = dep.fd.return_values
        return (
            depth > 0
            and bool(returned)
            and all(self._attribute_of_injected(dep, ref, depth - 1) for ref in returned)
        )

    def _attribute_of_injected(self, dep: Func, ref: tuple, depth: int) -> bool:
        """Whether `ref` (`resources.idempotency`) reads a parameter of `dep` that FastAPI
        fills with what the app keeps (`_injected_app_state`)."""
        root = _read_from(ref)
        inner = next((q for q in dep.fd.params if q.name == root), None)
        return inner is not None and self._injected_app_state(dep, inner, depth)

    def _kept_attribute(self, owner: str, attr: str) -> bool:
        """Whether `self.attr` of any instance of `owner` holds one object for the app's
        life: set once, in `__init__`, from a parameter that every construction of the
        class (which no project class extends) passes such a name (`MonitoringService(
        store)` in an app builder's getter)."""
        key = (owner, attr)
        known = self._attributes.get(key)
        if known is None:
            self._attributes[key] = False  # (a cycle through constructions: nothing found)
            known = self._attributes[key] = self._find_kept_attribute(owner, attr)
        return known

    def _stores(self, owner: str, attr: str) -> list[tuple[Func, tuple]]:
        """(method, value ref) of each `self.attr = value` in the class's methods."""
        return [
            (method, value)
            for method in self.g.methods_of(owner)
            for base, name, value in method.fd.attr_stores
            if name == attr and method.fd.params and base == ("name", method.fd.params[0].name)
        ]

    def _find_kept_attribute(self, owner: str, attr: str) -> bool:
        stores = self._stores(owner, attr)
        if len(stores) != 1 or attr not in self.g.init_only_attributes(owner):
            return False
        if self._extended(owner):
            return False
        fd = stores[0][0].fd
        value = stores[0][1]
        if value[0] != "name" or value[1] in fd.locals:
            return False
        if not any(q.name == value[1] for q in fd.params[1:]):
            return False
        calls = self.p.sites_named(owner.rpartition(".")[2])
        if not calls:
            return False
        for caller, site in calls:
            made = self.p.value_of(caller, site.func)
            if made is None or made[0] != "class" or made[1] != owner:
                return False  # (a call of that name unjam cannot tell is this class's)
            ours = passed_names(site, fd, caller.fd, True).get(value[1])
            if ours is None or not self._holds_one(caller, ours):
                return False
        return True

    def _extended(self, owner: str) -> bool:
        """Whether some project class has `owner` among its bases (its constructions would
        run `owner.__init__` with what they pass)."""
        if self._bases is None:
            self._bases = frozenset(
                base for gqn in self.p.classes for base in self.p.mro(gqn)[0][1:]
            )
        return owner in self._bases

    def _has_shared_memos(self, method: str) -> bool:
        """Whether the method has a guard that is a memo on a kept instance and not already
        one (its class is no singleton): the only methods whose receiver matters."""
        known = self._only.get(method)
        if known is None:
            known = False
            func = self.p.funcs.get(method)
            if (
                func is not None
                and func.class_gqn is not None
                and func.fd.guards
                and not self._runs_once_per_instance(func)
            ):
                kept = self.g.memo_guards_of(method, shared_self=True)
                plain = self.g.memo_guards_of(method)
                known = (
                    kept is not None
                    and plain is not None
                    and any(kept(i) and not plain(i) for i in range(len(func.fd.guards)))
                )
                if known and kept is not None:
                    self._kept_memos[method] = kept
            self._only[method] = known
        return known

    def _runs_once_per_instance(self, func: Func) -> bool:
        """Whether the method is the `__init__` of a class without a `__new__`: it runs once,
        on an instance just built, so none of its tests finds what an earlier call left there
        (`if not self.url:` after `self.url = url` reads a setting, no memo). A `__new__` may
        hand back an instance `__init__` has already run on (a singleton's guard)."""
        if func.fd.name != "__init__" or func.class_gqn is None:
            return False
        return self.p.method(func.class_gqn, "__new__") is None

    def _holds_one(self, func: Func, name: str) -> bool:
        """Whether `name`, read in `func`, holds one object for the app's life by itself:
        bound by an enclosing function that runs once, or a module-level name no function
        rebinds."""
        key = (func.gqn, name)
        known = self._held.get(key)
        if known is None:
            self._held[key] = False  # (a cycle of getters: nothing found through it)
            known = self._held[key] = self._find_held(func, name)
        return known

    def _find_held(self, func: Func, name: str) -> bool:
        fd = func.fd
        values = fd.locals.get(name)
        if values is not None:  # `store = _get_store()`, a getter of a kept name
            if len(values) != 1:
                return False
            value = values[0]
            # (or what the app keeps: `store = request.app.state.store`, a getter of it)
            return self._returns_held(func, value) or reads_app_state(self.p, func, value)
        param = next((q for q in fd.params if q.name == name), None)
        if param is not None:
            # (handed on each call: `entered` follows what the caller passed; FastAPI passes
            # what a dependency gives, which may be what the app keeps)
            return self._injected_app_state(func, param, _INJECTED_DEPTH)
        summary = func.mod.summary
        outer = summary.funcs.get(fd.parent) if fd.parent else None
        while outer is not None:
            if name in outer.locals or any(q.name == name for q in outer.params):
                holder = self.p.funcs.get(f"{func.mod.name}.{outer.qn}")
                return holder is not None and self.g.singletons.runs_once(holder)
            outer = summary.funcs.get(outer.parent) if outer.parent else None
        # (a `global` rebinding is a value of it bound in a function: summarize.py `bind`)
        values = summary.global_values.get(name, [])
        return bool(values) and all(scope == "<module>" for scope, _value in values)

    def _returns_held(self, func: Func, value: tuple) -> bool:
        """Whether `value` is a call, with no arguments, of a project function that only
        returns names holding one object for the app's life, or that it memoises."""
        if value[0] != "call" or value[2] or value[3]:
            return False
        callee = self.p.value_of(func, value[1])
        target = self.p.funcs.get(callee[1]) if callee is not None and callee[0] == "func" else None
        if target is None or target is func:
            return False
        returned = target.fd.return_values
        return bool(returned) and all(
            ref[0] == "name" and (self._holds_one(target, ref[1]) or self._memoised(target, ref[1]))
            for ref in returned
        )

    def _memoised(self, func: Func, name: str) -> bool:
        """Whether `func` fills `name` under a memo test of it (`if _service is None:
        _service = Service(store)`, of a name its enclosing app builder binds): then it
        returns the one object the first call made."""
        memo = self.g.memo_guards_of(func.gqn)
        return memo is not None and any(
            guard.subject == ("name", name) and memo(i) for i, guard in enumerate(func.fd.guards)
        )


def _read_from(ref: tuple) -> str | None:
    """The local an attribute chain is read from (`resources` of `resources.limiter`)."""
    while ref[0] in ("attr", "sub"):
        ref = ref[1]
    return ref[1] if ref[0] == "name" else None


def _made_by(ref: tuple) -> tuple | None:
    """The call a receiver is read from (`get_resources(request)` of
    `get_resources(request).limiter`), else None."""
    while ref[0] in ("attr", "sub"):
        ref = ref[1]
    return ref if ref[0] == "call" else None


def _receivers(func: Func, line: int, attr: str) -> set[tuple]:
    """What the `.attr` reads in `func`'s calls at `line` are made on (a method called, or a
    property read on the way: `store.registry.list_projects()`; at the `def` line, also
    those its returns and locals read): ("name", n) for `n.attr`, ("self", a) for
    `self.a.attr` in a method, ("app", "") for what the app keeps on its state
    (`request.app.state.store.attr`), ("made", call) for what a call's answer holds."""
    fd = func.fd
    first = fd.params[0].name if func.class_gqn is not None and fd.params else None
    found: set[tuple] = set()
    stack: list[object] = []
    for site in fd.calls:
        if site.line == line:
            stack += [site.func, *site.args, *(value for _key, value in site.kwargs)]
    if line == fd.line:  # (a property read outside a call: its edge has the `def` line)
        stack += [*fd.return_values, *(ref for refs in fd.locals.values() for ref in refs)]
    while stack:
        ref = stack.pop()
        if type(ref) is not tuple or not ref:
            continue
        if len(ref) == 3 and ref[0] == "attr" and ref[2] == attr:
            base = ref[1]
            if base[0] == "name":
                found.add(("name", base[1]))
            elif base[0] == "attr" and base[1] == ("name", first):
                found.add(("self", base[2]))
            elif on_app_state(base):
                found.add(("app", ""))
            elif _made_by(base) is not None:
                found.add(("made", _made_by(base)))
            elif _read_from(base) is not None:
                found.add(("within", _read_from(base)))
            else:
                found.add(("other", ""))  # (`make_store().registry`: not known kept)
        stack.extend(item for item in ref[1:] if type(item) is tuple)
    return found
