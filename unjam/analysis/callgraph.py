"""Call graph: resolves each function's call sites (lazily, once) into edges to project
functions, offloaded callables, blocking calls and client constructions; computes what each
function reaches with no depth limit.

Reachability uses an iterative Tarjan SCC pass (cycles of mutually recursive functions
collapse into one component; a 300-deep chain costs no Python recursion), producing for
every function the set of blocking sites it reaches in a given mode:

    "loop" — follow every call (sync and async callees run on the loop when awaited/called)
             but to a coroutine handed to `asyncio.run`/`run_until_complete`, which raise
             when a loop runs on the thread: that coroutine never runs
    "pool" — follow calls to sync functions only (a coroutine created in a worker thread
             does not run there)

Offloaded callables (run_in_threadpool(f), ...) are never followed: they are entries of
their own, in the context the catalogue gives.

The search state is a function, or (function, the guards a call's argument values decide
false — values.py) when the edge into it decides some: the same function reached by a
caller passing `stream=True` and by one that does not are two states, and only the second
skips what runs under `if stream:`. Almost every edge decides nothing, and its state is the
plain function name.

A state also holds what the function's parameters surely hold on the path taken, when it
passes them on to a function whose tests they decide (`schedule(req, is_system=False)` →
`prepare(req, is_system)` → `if is_system:`): (function, tests decided false, ((parameter,
value), ...)). The parameters kept are those `forwards` finds; the state of a function
that passes nothing on stays as it was. A method's state may also hold what fields of its
own instance surely hold (`self.context` of an executor a route built without a context):
kept where it calls a method of its own on `self` that tests them (instance_fields.py).
A function's `**kwargs` is such a parameter, its value the keywords the call put in it
(held_keywords.py), kept where the function hands on what it reads of it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from unjam.analysis.callgraph_records import Edge, Offloaded, Resolved, Site
from unjam.analysis.callgraph_resolve import CallResolver
from unjam.analysis.held_keywords import (
    hands_on_keywords,
    keywords_name,
    reads_keywords,
    tested_keys,
)
from unjam.analysis.instance_fields import ON_SELF
from unjam.analysis.project import Func, Project
from unjam.analysis.summary import CallSite, Guard
from unjam.analysis.values import (
    BEFORE_YIELD_ONLY,
    EMPTY,
    is_dead,
    only_empty_rebinds,
    own_instance,
    passed_names,
    passes_any,
)

__all__ = ["CallGraph", "Edge", "Offloaded", "Resolved", "Site"]

_EMPTY: frozenset = frozenset()
_HEAD_ONLY = frozenset({BEFORE_YIELD_ONLY})
_VALUED = ("pos", "kwonly")  # parameters a call passes one value


def _first(item: tuple) -> str:
    return item[0]


def _within(line: int, ranges: tuple[tuple[int, int], ...]) -> bool:
    return any(first <= line <= last for first, last in ranges)


class CallGraph(CallResolver):
    """What each function reaches, over search states (see the module docstring)."""

    def __init__(
        self,
        project: Project,
        on_error: Callable[[Func, Exception], None],
        once: frozenset[str] = frozenset(),
        root: Path | None = None,
    ):
        super().__init__(project, on_error, once, root)
        self._reach: dict[str, dict[object, frozenset[Site]]] = {"loop": {}, "pool": {}}
        self._successors: dict[str, dict[str, list[str]]] = {"loop": {}, "pool": {}}
        self._next: dict[str, dict[object, Sequence[object]]] = {"loop": {}, "pool": {}}
        self._callers: dict[str, list[str]] | None = None  # callee → callers (distances_to)
        self._distances: dict[tuple[str, int], dict[str, int]] = {}  # distances_to()
        self._indexed = 0  # how many resolved functions `_callers` indexes
        self._forwards: dict[str, frozenset[str]] = {}  # gqn → forwards()
        self._argument_forwards: dict[str, frozenset[str]] = {}  # gqn → argument_forwards()
        self._forwarding: dict[str, bool] = {}  # gqn → an edge leads to a held value

    def successors(self, gqn: str, mode: str) -> list[str]:
        known = self._successors[mode]
        cached = known.get(gqn)
        if cached is None:
            cached = known[gqn] = self._successors_of(gqn, mode)
        return cached

    def _successors_of(self, gqn: str, mode: str) -> list[str]:
        edges = self.resolved(gqn).edges
        if mode != "pool":
            return [edge.callee for edge in edges if not edge.no_loop]
        funcs = self.project.funcs
        out = []
        for edge in edges:
            callee = funcs.get(edge.callee)
            if callee is None or callee.fd.is_async:
                continue
            out.append(edge.callee)
        return out

    # ---- reachability -------------------------------------------------------------------

    def state(self, node: object) -> tuple[str, frozenset[int]]:
        """(function gqn, guards decided false) of a search state."""
        return self._state(node)

    def live_edges(self, node: object, mode: str = "loop") -> list[Edge]:
        """The edges a search state follows (see `_live_edges`)."""
        gqn, kills = self._state(node)
        return self._live_edges(gqn, kills, mode)

    def is_live(self, node: object, site: Site) -> bool:
        """Whether a site of the state's function runs in that state (not under a guard
        the call into it decided false)."""
        gqn, kills = self._state(node)
        if not kills:
            return True
        if BEFORE_YIELD_ONLY in kills and _within(
            site.line, self.project.funcs[gqn].fd.after_yield
        ):
            return False
        where = self.resolved(gqn).site_guards.get(site, -1)
        return not is_dead(self.project.funcs[gqn].fd.guards, where, kills)

    def reach_outside(
        self, root: str, mode: str, lines: tuple[tuple[int, int], ...]
    ) -> frozenset[Site] | set[Site]:
        """What `root` reaches through its own code outside the line ranges `lines` (a
        generator's code after its `yield`, `FuncDef.after_yield`: a lifespan's shutdown, a
        sync generator dependency's exit, which FastAPI runs under a limiter of its own),
        and not through the exit of a context manager it yields from inside
        (`_exits_after_yield`)."""
        exits = self._exits_after_yield(root)
        if not lines and not exits:
            return self.reach(root, mode)
        sites = {s for s in self._blocking(root, mode) if not _within(s.line, lines)}
        for edge in self._live_edges(root, EMPTY, mode):
            if not _within(edge.line, lines):
                node = self.follow(root, edge)
                if edge.site in exits and self.project.funcs[edge.callee].fd.is_generator:
                    node = _before_its_yield(node)
                sites |= self.reach(node, mode)
        return sites

    def _exits_after_yield(self, gqn: str) -> frozenset[int]:
        """The calls of a generator whose context manager it yields the value of (`with
        manager.session() as session: yield session`): the `yield` is inside that `with`,
        so the manager's code after its own `yield` (a rollback, a commit, a close) runs
        when the `with` ends — after the generator's `yield`, in its exit. So for the
        generator it delegates to (`yield from maker.get_db()`): what that one runs after
        its own `yield` runs as the delegating generator resumes."""
        func = self.project.funcs.get(gqn)
        if func is None or not func.fd.is_generator:
            return _EMPTY
        fd = func.fd
        entered: set[tuple] = set()
        for ref in fd.yield_values:
            if ref[0] == "iter" and ref[1][0] == "call":
                entered.add(ref[1])  # (`yield from gen(...)`)
                continue
            values = fd.locals.get(ref[1]) if ref[0] == "name" else None
            if values and all(value[0] == "enter" for value in values):
                entered.update(value[1] for value in values)
        if not entered:
            return _EMPTY
        return frozenset(
            index
            for index, call in enumerate(fd.calls)
            if ("call", call.func, call.args, call.kwargs) in entered
        )

    def _state(self, node: object) -> tuple[str, frozenset[int]]:
        if isinstance(node, str):
            return node, EMPTY
        state: tuple = node  # type: ignore[assignment]
        return state[0], state[1]

    # ---- parameter values along a path --------------------------------------------------

    def follow(self, node: object, edge: Edge) -> object:
        """The state `edge` leads to from state `node` (`_follow_values`); from a generator
        limited to its code before its `yield`, a generator it yields from, or yields the
        manager of, is limited so too (`_exits_after_yield`)."""
        after = self._follow_values(node, edge)
        if (
            type(node) is tuple
            and BEFORE_YIELD_ONLY in node[1]
            and edge.site in self._exits_after_yield(node[0])
            and self.project.funcs[edge.callee].fd.is_generator
        ):
            return _before_its_yield(after)
        return after

    def _follow_values(self, node: object, edge: Edge) -> object:
        """The state `edge` leads to from state `node`: the callee's tests the call's
        arguments decide false — also through the values `node` holds for the caller's
        parameters — and the values the callee's parameters hold that it passes on."""
        held = node[2] if type(node) is tuple and len(node) == 3 else ()
        if edge.site < 0 or (not held and not self.forwards(edge.callee)):
            return edge.node()
        gqn = self._state(node)[0]
        funcs = self.project.funcs
        caller, target = funcs[gqn], funcs[edge.callee]
        site = caller.fd.calls[edge.site]
        values = dict(held)
        if values and (
            passes_any(site, values)
            or hands_on_keywords(site, caller.fd, values)
            or _on_self_in_init(caller, site)
            or _on_own_fields(caller, site, values)
            or _passes_objects(site, values)
        ):
            kills = self.kills.of_call(caller, site, target, values)
            if BEFORE_YIELD_ONLY in edge.kills:
                kills = kills | edge.kills
        else:
            values, kills = {}, edge.kills
        passes = self.forwards(edge.callee)
        ahead: tuple = ()
        if passes:
            known = self.kills.values_of_call(caller, site, target, values, passes)
            ahead = tuple(sorted(known.items(), key=_first))
        if ahead:
            return (edge.callee, kills, ahead)
        return (edge.callee, kills) if kills else edge.callee

    def forwards(self, gqn: str) -> frozenset[str]:
        """The function's parameters (not rebound in its body) that it passes on by name to
        a project function whose tests they decide, there or further on."""
        known = self._forwards.get(gqn)
        if known is None:
            self._forwards[gqn] = _EMPTY  # (a cycle through it: nothing more is found)
            known = self._forwards[gqn] = self._forwards_of(gqn) | self.argument_forwards(gqn)
        return known

    def _forwards_of(self, gqn: str) -> frozenset[str]:
        func = self.project.funcs.get(gqn)
        if func is None:
            return _EMPTY
        fd = func.fd
        own = {
            q.name
            for q in fd.params
            if q.kind in _VALUED and (q.name not in fd.locals or only_empty_rebinds(fd, q.name))
        }
        out = self._fields_passed_on(func)
        keywords = keywords_name(fd)
        if keywords is not None and self._hands_on_keywords(func, keywords):
            out.add(keywords)
        if not own:
            return frozenset(out) if out else _EMPTY
        if fd.name == "__init__":
            out |= self._kept_for_tests(func, own)
        for edge in self.resolved(gqn).edges:
            if edge.site < 0:
                continue
            target = self.project.funcs.get(edge.callee)
            site = fd.calls[edge.site]
            bound = target is not None and self.kills.bound(func, site, target)
            names = passed_names(site, target.fd, fd, bound) if target else {}
            handed = {theirs: ours for theirs, ours in names.items() if ours in own}
            if not handed:
                continue
            decides = {guard.subject[1] for _, guard in self.kills.tests(edge.callee)}
            for theirs, ours in handed.items():
                if theirs in decides or theirs in self.forwards(edge.callee):
                    out.add(ours)
        return frozenset(out) if out else _EMPTY

    def argument_forwards(self, gqn: str) -> frozenset[str]:
        """The fields of the function's parameters other than its own instance
        (`config.screenshot`) that it tests, or that a project function it hands the
        parameter on to tests, there or further on: its state carries what they hold
        (argument_fields.py). Kept apart from `forwards`, whose own cycles it leaves as
        they were."""
        known = self._argument_forwards.get(gqn)
        if known is None:
            self._argument_forwards[gqn] = _EMPTY  # (a cycle through it: nothing more)
            known = self._argument_forwards[gqn] = self._argument_forwards_of(gqn)
        return known

    def _argument_forwards_of(self, gqn: str) -> frozenset[str]:
        func = self.project.funcs.get(gqn)
        if func is None:
            return _EMPTY
        fd = func.fd
        out = {guard.subject[1] for _, guard in self.kills.argument_tests(gqn)}
        objects = {q.name for q in fd.params if q.kind in _VALUED} - {own_instance(fd)}
        for edge in self.resolved(gqn).edges if objects else ():
            target = self.project.funcs.get(edge.callee) if edge.site >= 0 else None
            if target is None:
                continue
            site = fd.calls[edge.site]
            names = passed_names(site, target.fd, fd, self.kills.bound(func, site, target))
            handed = {theirs: ours for theirs, ours in names.items() if ours in objects}
            for name in self.argument_forwards(edge.callee) if handed else ():
                theirs, _, field = name.partition(".")
                if theirs in handed:
                    out.add(f"{handed[theirs]}.{field}")
        return frozenset(out) if out else _EMPTY

    def _hands_on_keywords(self, func: Func, keywords: str) -> bool:
        """Whether the function hands on what its `**kwargs` holds — a read of it
        (`mock_timeout=kwargs.get("mock_timeout")`, or a local bound to one) or the dict
        spread — to a project function whose tests it decides, there or further on
        (held_keywords.py)."""
        fd = func.fd
        spread = (None, ("name", keywords))
        for edge in self.resolved(func.gqn).edges:
            target = self.project.funcs.get(edge.callee) if edge.site >= 0 else None
            if target is None:
                continue
            site = fd.calls[edge.site]
            handed = [n for n, ref in site.kwargs if n is not None and reads_keywords(ref, fd)]
            if not handed and spread not in site.kwargs:
                continue
            decides = {guard.subject[1] for _, guard in self.kills.tests(edge.callee)}
            passes = self.forwards(edge.callee)
            keys = tested_keys(target.fd, decides)
            if spread in site.kwargs and (keys or keywords_name(target.fd) in passes):
                return True
            if any(n in decides or n in passes or n in keys for n in handed):
                return True
        return False

    def _fields_passed_on(self, func: Func) -> set[str]:
        """The fields of a method's own instance (`self.context`) that a method it calls on
        `self` tests, there or further on: what they hold decides those tests, and a state
        of the method carries it (values_of_call gives it from the instance a caller built,
        or from the caller's own state)."""
        fd = func.fd
        if func.class_gqn is None or not fd.params or fd.params[0].name != "self":
            return set()
        out: set[str] = set()
        for edge in self.resolved(func.gqn).edges:
            if edge.site < 0 or fd.calls[edge.site].func[:2] != ON_SELF:
                continue
            target = self.project.funcs.get(edge.callee)
            if target is None or not target.fd.params or target.fd.params[0].name != "self":
                continue
            tested = {guard.subject[1] for _, guard in self.kills.field_tests(edge.callee)}
            theirs = self.argument_forwards(edge.callee)  # (of its other parameters)
            out |= {n for n in tested | self.forwards(edge.callee) if "." in n and n not in theirs}
        return out

    def _kept_for_tests(self, init: Func, own: set[str]) -> set[str]:
        """The parameters an `__init__` keeps in a field (`self.lock = lock`) that a method it
        calls on `self` tests (`self._prime()`, testing `self.lock`): carried into it, what
        they hold decides those tests (instance_fields.py `kept_by_init`)."""
        fd = init.fd
        me = ("name", fd.params[0].name)
        kept = {
            attr: value[1]
            for base, attr, value in fd.attr_stores
            if base == me and value[0] == "name" and value[1] in own
        }
        out: set[str] = set()
        for edge in self.resolved(init.gqn).edges if kept else ():
            site = fd.calls[edge.site] if edge.site >= 0 else None
            target = self.project.funcs.get(edge.callee)
            if site is None or site.func[:2] != ("attr", me) or not target or not target.fd.params:
                continue
            prefix = target.fd.params[0].name + "."
            for _, guard in self.kills.field_tests(edge.callee):
                field = guard.subject[1]
                if field.startswith(prefix) and field[len(prefix) :] in kept:
                    out.add(kept[field[len(prefix) :]])
        return out

    def _leads_to_values(self, gqn: str) -> bool:
        """Whether some edge of the function enters a callee that passes values on (then its
        states are not the plain successor list)."""
        known = self._forwarding.get(gqn)
        if known is None:
            known = self._forwarding[gqn] = any(
                edge.site >= 0 and self.forwards(edge.callee) for edge in self.resolved(gqn).edges
            )
        return known

    def _live_edges(self, gqn: str, kills: frozenset[int], mode: str) -> list[Edge]:
        """The function's edges that the state follows: in "pool" mode, to sync functions;
        in "loop" mode, not to a coroutine handed to `asyncio.run` (which raises on the
        loop's thread); in "any" mode, all; with `kills`, those whose call is not under a
        guard decided false."""
        edges = self.resolved(gqn).edges
        funcs = self.project.funcs
        guards: list[Guard] = funcs[gqn].fd.guards if kills else []
        after = funcs[gqn].fd.after_yield if BEFORE_YIELD_ONLY in kills else ()
        out = []
        for edge in edges:
            if kills and edge.guard >= 0 and is_dead(guards, edge.guard, kills):
                continue
            if after and _within(edge.line, after):
                continue
            if edge.no_loop and mode == "loop":
                continue
            if mode == "pool":
                callee = funcs.get(edge.callee)
                if callee is None or callee.fd.is_async:
                    continue
            out.append(edge)
        return out

    def next_states(self, node: object, mode: str) -> Sequence[object]:
        known = self._next[mode]
        cached = known.get(node)
        if cached is None:
            if (
                isinstance(node, str)
                and not self.resolved(node).kills
                and not self._leads_to_values(node)
            ):
                cached = self.successors(node, mode)  # the common case: the same list
            else:
                gqn, kills = self._state(node)
                cached = [self.follow(node, e) for e in self._live_edges(gqn, kills, mode)]
            known[node] = cached
        return cached

    def _blocking(self, node: object, mode: str) -> list[Site]:
        """The state's blocking sites: not those its guards decided false, nor, on the loop,
        those made only where no loop runs."""
        gqn, kills = (node, EMPTY) if isinstance(node, str) else self._state(node)
        resolved = self.resolved(gqn)
        sites = resolved.blocking
        if mode == "loop" and resolved.no_loop:
            sites = [s for s in sites if s not in resolved.no_loop]
        if BEFORE_YIELD_ONLY in kills:
            after = self.project.funcs[gqn].fd.after_yield
            sites = [s for s in sites if not _within(s.line, after)]
        if not kills or not resolved.site_guards:
            return sites
        guards = self.project.funcs[gqn].fd.guards
        where = resolved.site_guards
        return [s for s in sites if not is_dead(guards, where.get(s, -1), kills)]

    def reach(self, root: object, mode: str) -> frozenset[Site]:
        """Blocking sites reachable from `root` (itself included) following `mode` edges;
        `root` a function gqn or an edge's `node()`."""
        result = self._reach[mode]
        if root in result:
            return result[root]
        index: dict[object, int] = {}
        low: dict[object, int] = {}
        stack: list[object] = []
        on_stack: set[object] = set()
        counter = 0
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(self.next_states(root, mode)))]
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w in result:
                    continue
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(self.next_states(w, mode))))
                    advanced = True
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                u = work[-1][0]
                low[u] = min(low[u], low[v])
            if low[v] == index[v]:
                if stack[-1] == v:  # a component of one function (the common case)
                    stack.pop()
                    on_stack.discard(v)
                    blocking = self._blocking(v, mode)
                    sites = set(blocking) if blocking else None
                    for s in self.next_states(v, mode):
                        reached = result.get(s, _EMPTY)  # (v itself: not in result yet)
                        if reached:
                            if sites is None:
                                sites = set(reached)
                            else:
                                sites.update(reached)
                    result[v] = frozenset(sites) if sites else _EMPTY
                    continue
                members = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    members.append(w)
                    if w == v:
                        break
                member_set = set(members)
                reached_by_all: set[Site] = set()
                for m in members:
                    reached_by_all.update(self._blocking(m, mode))
                    for s in self.next_states(m, mode):
                        if s not in member_set:
                            reached_by_all.update(result.get(s, _EMPTY))
                frozen = frozenset(reached_by_all) if reached_by_all else _EMPTY
                for m in members:
                    result[m] = frozen
        return result[root]

    def callers_within(self, gqn: str, roots: set[str], limit: int) -> list[str]:
        """The `roots` that call `gqn` through at most `limit` calls ("loop" edges, argument
        values aside), nearest first: the candidates for a shorter path to it. Call it after
        every entry's `reach` (see `distances_to`)."""
        return [f for f in self.distances_to(gqn, limit) if f in roots]

    def distances_to(self, gqn: str, limit: int) -> dict[str, int]:
        """Function → the fewest calls from it to `gqn` ("loop" edges, argument values
        aside), for those within `limit`, nearest first: a bound `paths` prunes its search
        with. The callers are indexed from the functions resolved by then (again when more
        are): call it after the entries' `reach` (which resolves all that an entry can
        reach)."""
        callers = self._callers
        if callers is None or self._indexed != len(self._resolved):
            # (functions resolved since, by another rule's entries: index them too)
            callers = self._callers = {}
            self._distances = {}
            self._indexed = len(self._resolved)
            for caller, resolved in list(self._resolved.items()):
                for edge in resolved.edges:
                    callers.setdefault(edge.callee, []).append(caller)
        key = (gqn, limit)
        known = self._distances.get(key)
        if known is not None:
            return known
        known = self._distances[key] = {gqn: 0}
        level = [gqn]
        for distance in range(1, limit + 1):
            following = []
            for v in level:
                for u in callers.get(v, ()):
                    if u not in known:
                        known[u] = distance
                        following.append(u)
            level = following
        return known

    def paths(
        self,
        root: str,
        targets: Iterable[Site],
        mode: str,
        limit: int = -1,
        skip: Callable[[Edge], bool] | None = None,
        toward: Mapping[str, int] | None = None,
    ) -> dict[Site, list[tuple[str, int]]]:
        """Shortest call path from `root` to each target site: [(function gqn, line of the
        call it makes toward the next step), ...], ending with the function containing the
        site (and the site's line). The search runs over states, as `reach` does, so a path
        never passes a call whose arguments rule the next step out. `limit` ≥ 0: only paths
        of at most that many calls; `skip`: edges not to take; `toward` (with `limit`): the
        targets' `distances_to`, so that the search enters no function too far from them
        (argument values only remove calls: the result is the same, found sooner)."""
        wanted: dict[str, list[Site]] = {}
        for site in targets:
            wanted.setdefault(site.func, []).append(site)
        parent: dict[object, tuple[object, int] | None] = {root: None}
        depth: dict[object, int] = {root: 0}
        queue: deque[object] = deque([root])
        found: dict[Site, list[tuple[str, int]]] = {}
        total = sum(len(v) for v in wanted.values())
        while queue and len(found) < total:
            v = queue.popleft()
            gqn, kills = self._state(v)
            here = wanted.get(gqn)
            if here:
                live = self._blocking(v, mode) if kills else None
                for site in here:
                    if site in found or (live is not None and site not in live):
                        continue
                    chain = [(gqn, site.line)]
                    cursor = parent[v]
                    while cursor is not None:
                        chain.append((self._state(cursor[0])[0], cursor[1]))
                        cursor = parent[cursor[0]]
                    chain.reverse()
                    found[site] = chain
            if depth[v] == limit:
                continue
            # (the states `next_states` gives are those of `_live_edges`, edge for edge)
            for edge, w in zip(
                self._live_edges(gqn, kills, mode), self.next_states(v, mode), strict=True
            ):
                if w in parent or (skip is not None and skip(edge)):
                    continue
                if toward is not None:
                    distance = toward.get(edge.callee)
                    if distance is None or depth[v] + 1 + distance > limit:
                        continue
                parent[w] = (v, edge.line)
                depth[w] = depth[v] + 1
                queue.append(w)
        return found


def _before_its_yield(node: object) -> object:
    """The search state `node` limited to its function's code before its `yield`."""
    if type(node) is str:
        return (node, _HEAD_ONLY)
    state: tuple = node  # type: ignore[assignment]
    return (state[0], state[1] | _HEAD_ONLY, *state[2:])


def _on_own_fields(caller: Func, site: CallSite, values: Mapping[str, object]) -> bool:
    """Whether the call is a method's call of another on `self` while its state holds what
    fields of `self` hold (`_fields_passed_on`)."""
    params = caller.fd.params
    return (
        site.func[:2] == ON_SELF
        and bool(params)
        and params[0].name == "self"
        and any(name.startswith("self.") for name in values)
    )


def _passes_objects(site: CallSite, values: Mapping[str, object]) -> bool:
    """Whether the call passes on a parameter whose fields the state holds (`crawl(url,
    config=config)` while it holds `config.screenshot`: argument_fields.py)."""
    bases = {name.partition(".")[0] for name in values if "." in name}
    return bool(bases) and passes_any(site, dict.fromkeys(bases))


def _on_self_in_init(caller: Func, site: CallSite) -> bool:
    """Whether the call is an `__init__`'s call of a method on the instance it makes (what
    that method tests of the instance's fields, the `__init__`'s parameters may decide)."""
    fd = caller.fd
    if fd.name != "__init__" or not fd.params:
        return False
    return site.func[:2] == ("attr", ("name", fd.params[0].name))
