"""Which blocking sites run once, not on every call: the memos on a printed path (a guarded
call, a cached function) and around the site, what kind each is (one value, per key, a
database row, an expiring cache), whether every way from an entry passes one, and the way
that passes none. The rule families ask it through `RulesEngine.memos`; rules/memo.py says
which guards are memos, rules/shared_receivers.py which hold on an instance the app keeps.
"""

from __future__ import annotations

from collections import deque

from unjam.analysis.callgraph import CallGraph, Site
from unjam.analysis.callgraph_records import Edge
from unjam.analysis.fastapi_model import Invoked
from unjam.analysis.first_fill import earliest_fill
from unjam.analysis.instance_fields import ON_SELF
from unjam.analysis.project import Func, Project
from unjam.analysis.rules.expiring import expiring_cache
from unjam.analysis.rules.memo import (
    SINGLE,
    MemoGuards,
    asks_the_file_system,
    by_arguments,
    keyed,
    stores_row,
)
from unjam.analysis.rules.rule import MAX_CALLS
from unjam.analysis.rules.shared_receivers import SharedReceivers
from unjam.analysis.summary import FuncDef


class MemoPaths:
    def __init__(self, project: Project, graph: CallGraph) -> None:
        self.p = project
        self.g = graph
        self.shared = SharedReceivers(project, graph)  # memos on what the app keeps
        self._cached: dict[str, bool] = {}  # function gqn → is_cached
        # entry functions → what runs on every call (_steady_states)
        self._steady: dict[tuple, set[tuple[str, frozenset[str]]]] = {}
        self._steady_any: dict[tuple, set[str]] = {}  # … on any instance (_steady_funcs)
        self._reached_any: dict[str, set[str]] = {}  # function gqn → _reached
        self._inits: dict[str, str | None] = {}  # method gqn → _init_calling

    def memo_step(self, path: list[tuple[str, int]]) -> str | None:
        """The first function on `path` whose next call is made once: under a memo guard,
        or to an lru_cache'd function (which memoises too)."""
        found = self.memo_edge(path)
        return None if found is None else path[found[0]][0]

    def memo_edge(self, path: list[tuple[str, int]]) -> tuple[int, Edge | None] | None:
        """(index on `path`, the guarded edge or None for a cached callee) of memo_step."""
        graph = self.g
        kept: list[frozenset[str]] | None = None  # (shared_receivers.py `along`, if needed)
        for i in range(len(path) - 1):
            caller, line = path[i]
            callee = path[i + 1][0]
            if self.is_cached(callee):
                return i, None
            for e in graph.resolved(caller).edges:
                if e.callee != callee or e.line != line:
                    continue
                if e.guarded:
                    return i, e
                if self.shared.memo_of_kept(caller, e.guard):
                    if kept is None:
                        kept = self.shared.along(path)
                    if "self" in kept[i]:
                        return i, e
        return None

    def first_fill(self, path: list[tuple[str, int]]) -> list[tuple[str, int]]:
        """`path` to a first-call stall, through the entry's earliest call that surely
        reaches the memo (first_fill.py): the call that really makes the slow one. The memo
        is on the path (memo_step), or else around the blocking call itself."""
        return earliest_fill(self.g, path, self.memo_holder(path), MAX_CALLS)

    def memo_holder(self, path: list[tuple[str, int]]) -> int:
        """The index on `path` of the function holding the memo: the caller whose guarded
        call it is, or the cached function itself (memo_edge); the blocking call's own
        function when none is on the path."""
        found = self.memo_edge(path)
        if found is None:
            return len(path) - 1
        index, edge = found
        return index if edge is not None else index + 1

    def memo_by_arguments(self, path: list[tuple[str, int]], site: Site) -> bool:
        """`by_arguments` of the memos between the entry and `site`."""
        return by_arguments(self.memo_kinds(path, site))

    def made_once(self, path: list[tuple[str, int]], site: Site) -> bool:
        """Whether a memoised `site` (`memoised_only`) runs once per process: a memo on the
        way holds a single value — not a get-or-create or a cache keyed by the request's
        data, which each new key or row pays again."""
        kinds = self.memo_kinds(path, site)
        return not kinds or any(k in SINGLE for k in kinds)

    def memo_kinds(self, path: list[tuple[str, int]], site: Site) -> list[str]:
        """For each memo on `path` (a guarded call, a cached callee) and around `site`
        itself: "one" (it holds one value), "disk" (one kept on disk: a test of the file
        system), "key" (it caches per argument), "row" (a get-or-create, per key) or
        "expires" (a module cache that drops entries in time)."""
        graph, funcs = self.g, self.p.funcs
        found: list[str] = []
        at_kept = self.memo_edge(path)  # (the first memo, which may be a kept instance's)
        memo_at = at_kept[0] if at_kept is not None and at_kept[1] is not None else -1
        for i in range(len(path) - 1):
            (caller, line), callee = path[i], path[i + 1][0]
            if self.is_cached(callee):
                func = funcs.get(callee)
                by_key = func is not None and any(
                    q.name not in ("self", "cls") for q in func.fd.params
                )
                found.append("key" if by_key else "one")
                continue
            for e in graph.resolved(caller).edges:
                if e.callee != callee or e.line != line:
                    continue
                on_kept = not e.guarded and memo_at == i
                if e.guarded or on_kept:
                    func = funcs.get(caller)
                    memo = graph.memo_guards_of(caller, shared_self=on_kept)
                    found.append(
                        _guard_kind(self.p, func, _memo_test(memo, func.fd, e.guard))
                        if func and memo and e.guard >= 0
                        else "one"
                    )
                    break
        func = funcs.get(site.func)
        memo = graph.memo_guards_of(site.func)
        guard = self._guard_of(site)
        if func is not None and memo is not None and guard >= 0:
            if not memo(guard) and self.shared.memo_of_kept(site.func, guard):
                memo = graph.memo_guards_of(site.func, shared_self=True) or memo
            if memo(guard):
                found.append(_guard_kind(self.p, func, _memo_test(memo, func.fd, guard)))
        return found

    def memoised_only(self, inv: Invoked, site: Site, path: list[tuple[str, int]]) -> bool:
        """Whether `site` runs only under memo guards (rules/memo.py) on every way from the
        entry: the first call makes the call, later ones find the value set. The shortest
        path decides unless it crosses a memo guard (or the site sits under a memo of an
        instance the app may keep); then a walk over unguarded calls does."""
        if site in self.g.resolved(site.func).guarded:
            return True
        kept_here = self.shared.memo_of_kept(site.func, self._guard_of(site))
        if self.memo_step(path) is None and not kept_here:
            return False
        return not any(
            gqn == site.func and not (kept_here and "self" in kept)
            for gqn, kept in self._steady_states(inv.funcs)
        )

    def once_per_instance(self, inv: Invoked, site: Site, path: list[tuple[str, int]]) -> str:
        """For a site that runs on every call (not `memoised_only`): the name of the class
        whose instance's memo makes it run once per instance (`if not self._loaded:` …
        `self._loaded = True`, on an instance the entry may build anew: shared_receivers.py
        `memo_of_any_instance`); "" when some way from the entry passes no such memo — the
        printed path first (the shortest way), then every way."""
        guarded_here = self.shared.memo_of_any_instance(site.func, self._guard_of(site))
        holder = self._instance_memo_holder(path) or (site.func if guarded_here else "")
        if not holder or (not guarded_here and site.func in self._steady_funcs(inv.funcs)):
            return ""
        func = self.p.funcs.get(holder)
        if func is None or func.class_gqn is None:
            return ""
        return func.class_gqn.rpartition(".")[2]

    def filled_at_construction(
        self, site: Site, path: list[tuple[str, int]], reaching: list[str], instance: bool
    ) -> bool:
        """Whether the memo that makes `site` run once — the process's, or each instance's
        (`instance`: `once_per_instance`) — is one its class's `__init__` fills, calling the
        memo's method on `self` on every way through it (no subclass replacing that
        `__init__`), while no entry reaching the site (the functions `reaching`) builds an
        instance of the class: each instance they find came with the value, so their calls
        never pay."""
        if instance:
            holder = self._instance_memo_holder(path) or site.func
        else:
            holder = path[self.memo_holder(path)][0]
        method = self.p.funcs.get(holder)
        if method is None or method.class_gqn is None:
            return False
        if holder not in self._inits:
            self._inits[holder] = self._init_calling(method)
        init = self._inits[holder]
        return init is not None and not any(init in self._reached(f) for f in reaching)

    def _init_calling(self, method: Func) -> str | None:
        """The `__init__` instances of the method's class run (its own or a project base's)
        when it calls `method` on `self` under no test, and no project subclass defines its
        own; else None."""
        cls = method.class_gqn or ""
        init = next(
            (f"{c}.__init__" for c in self.p.mro(cls)[0] if f"{c}.__init__" in self.p.funcs), ""
        )
        if not init or any(
            cls in self.p.mro(other)[0] and f"{other}.__init__" in self.p.funcs
            for other in self.p.classes
            if other != cls
        ):
            return None
        fd = self.p.funcs[init].fd
        for edge in self.g.resolved(init).edges:
            if edge.callee != method.gqn or edge.site < 0 or edge.guard >= 0:
                continue
            if fd.calls[edge.site].func[:2] == ON_SELF:
                return init
        return None

    def _reached(self, root: str) -> set[str]:
        """Every function `root` may reach, memos or not."""
        known = self._reached_any.get(root)
        if known is None:
            seen, queue = {root}, deque((root,))
            while queue:
                for edge in self.g.resolved(queue.popleft()).edges:
                    if edge.callee not in seen:
                        seen.add(edge.callee)
                        queue.append(edge.callee)
            known = self._reached_any[root] = seen
        return known

    def rearmed_flag(self, site: Site) -> str:
        """For a site that runs on every call: the flag of a memo test around it, in its own
        function, that the function fills but other code sets back to False (`if
        self._is_loaded: return` … `self._is_loaded = True`, and a `model` setter's
        `self._is_loaded = False`): the call runs again after each reset. "" when none."""
        func = self.p.funcs.get(site.func)
        memo = self.g.memo_guards_of(site.func, shared_self=True)
        if func is None or memo is None:
            return ""
        at = self._guard_of(site)
        while at >= 0:
            flag = memo.rearmed_flag(at)
            if flag and memo.fills_its_test(at):
                return flag
            at = func.fd.guards[at].outer
        return ""

    def _instance_memo_holder(self, path: list[tuple[str, int]]) -> str:
        """The method on `path` whose call toward the site its instance's memo guards."""
        resolved, shared = self.g.resolved, self.shared
        for i in range(len(path) - 1):
            (caller, line), callee = path[i], path[i + 1][0]
            for e in resolved(caller).edges:
                if (
                    e.callee == callee
                    and e.line == line
                    and shared.memo_of_any_instance(caller, e.guard)
                ):
                    return caller
        return ""

    def _steady_funcs(self, roots: tuple[str, ...]) -> set[str]:
        """The functions the entry reaches on every call, on any instance: its calls under
        no memo guard, no memo of the instance they are made on, through no cached
        function."""
        known = self._steady_any.get(roots)
        if known is not None:
            return known
        graph, shared = self.g, self.shared
        seen = set(roots)
        queue = deque(roots)
        while queue:
            gqn = queue.popleft()
            for edge in graph.resolved(gqn).edges:
                if edge.guarded or self.is_cached(edge.callee):
                    continue
                if shared.memo_of_any_instance(gqn, edge.guard) or edge.callee in seen:
                    continue
                seen.add(edge.callee)
                queue.append(edge.callee)
        self._steady_any[roots] = seen
        return seen

    def _guard_of(self, site: Site) -> int:
        """The index of the guard the call at `site` sits under (-1: none)."""
        func = self.p.funcs.get(site.func)
        if func is not None:
            for call in func.fd.calls:
                if call.line == site.line and call.col == site.col:
                    return call.guard
        return -1

    def _steady_states(self, roots: tuple[str, ...]) -> set[tuple[str, frozenset[str]]]:
        """What the entry runs on every call, as (function, its names that hold an instance
        the app keeps: shared_receivers.py): the functions its unguarded calls reach, not
        through a cached function nor, in a method entered on a kept instance, a memo of
        that instance."""
        known = self._steady.get(roots)
        if known is not None:
            return known
        graph, shared = self.g, self.shared
        seen: set[tuple[str, frozenset[str]]] = {(f, shared.at_entry(f)) for f in roots}
        queue = deque(seen)
        while queue:
            gqn, kept = queue.popleft()
            for edge in graph.resolved(gqn).edges:
                if edge.guarded or self.is_cached(edge.callee):
                    continue
                if "self" in kept and shared.memo_of_kept(gqn, edge.guard):
                    continue
                state = (edge.callee, shared.entered(gqn, kept, edge))
                if state not in seen:
                    seen.add(state)
                    queue.append(state)
        self._steady[roots] = seen
        return seen

    def steady_path(self, inv: Invoked, site: Site) -> list[tuple[str, int]] | None:
        """The shortest path from `inv` to `site` that passes no memo guard and no cached
        function (within MAX_CALLS calls), if there is one: the way the site is reached on
        every call. (The search tests each edge alone, so a memo of an instance the app
        keeps, which depends on how the method was entered, is checked after it.)"""
        cached = self.is_cached

        def memo(edge: Edge) -> bool:
            return edge.guarded or cached(edge.callee)

        found = None
        toward = self.g.distances_to(site.func, MAX_CALLS)
        for f in inv.funcs:
            path = self.g.paths(f, [site], "loop", MAX_CALLS, memo, toward).get(site)
            if path is not None and (found is None or len(path) < len(found)):
                found = path
        if found is not None and self.memoised_only(inv, site, found):
            return None
        return found

    def is_cached(self, gqn: str) -> bool:
        known = self._cached.get(gqn)
        if known is None:
            known = self._cached[gqn] = self._decorated_with_cache(gqn)
        return known

    def _decorated_with_cache(self, gqn: str) -> bool:
        """A cache decorator on a method keys its entries by `self` too: it memoises across
        calls only on an instance that outlives them (the process's one), not on one built
        per call (`ScriptConfigReader(path).read()` misses every time). So does
        `functools.cached_property`, which keeps what its method returns on the instance."""
        func = self.p.funcs.get(gqn)
        if func is None:
            return False
        if not self.p.memoised(func) and _CACHED_PROPERTY not in self.p.decorator_values(func):
            return False
        params = func.fd.params
        if func.class_gqn is not None and params and params[0].name == "self":
            return self.g.singleton(func.class_gqn)
        return True


_CACHED_PROPERTY = ("ext", "functools.cached_property")


def _memo_test(memo: MemoGuards, fd: FuncDef, index: int) -> int:
    """The memo test a call under guard `index` runs under: that guard, or the one it is
    nested in (`if not cfg and key == "free":` gives the key's test inside the row's)."""
    at = index
    while at >= 0:
        if memo.tests_a_memo(at):
            return at
        at = fd.guards[at].outer
    return index


def _guard_kind(project: Project, func: Func, index: int) -> str:
    fd = func.fd
    if stores_row(fd, index):
        return "row"
    if expiring_cache(project, func, index):
        return "expires"
    if keyed(fd, index):
        return "key"
    return "disk" if asks_the_file_system(fd.guards[index].subject) else "one"
