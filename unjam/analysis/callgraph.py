"""Call graph: resolves each function's call sites (lazily, once) into edges to project
functions, offloaded callables, blocking calls and client constructions; computes what each
function reaches with no depth limit.

Reachability uses an iterative Tarjan SCC pass (cycles of mutually recursive functions
collapse into one component; a 300-deep chain costs no Python recursion), producing for
every function the set of blocking sites it reaches in a given mode:

    "loop" — follow every call (sync and async callees run on the loop when awaited/called)
    "pool" — follow calls to sync functions only (a coroutine created in a worker thread
             does not run there)

Offloaded callables (run_in_threadpool(f), ...) are never followed: they are entries of
their own, in the context the catalogue gives.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from unjam.analysis.catalogue import Entry
from unjam.analysis.project import Func, Project

_EMPTY: frozenset = frozenset()


@dataclass(frozen=True, slots=True)
class Site:
    """A blocking call (or client construction) at one place."""

    func: str  # gqn of the function containing it
    path: str
    line: int
    col: int
    qn: str  # the resolved qualified name, e.g. "boto3.Client.send_message"
    entry: Entry = field(compare=False, hash=False)


@dataclass(slots=True)
class Edge:
    callee: str
    line: int
    col: int
    guarded: bool  # made under a lazy-singleton guard


@dataclass(slots=True)
class Offloaded:
    target: str
    context: str  # catalogue offload context
    line: int
    col: int
    qn: str  # the offloading API


@dataclass(slots=True)
class Resolved:
    edges: list[Edge] = field(default_factory=list)
    offloads: list[Offloaded] = field(default_factory=list)
    blocking: list[Site] = field(default_factory=list)
    clients: list[tuple[Site, bool]] = field(default_factory=list)  # (site, guarded)
    guarded: set[Site] = field(default_factory=set)  # blocking sites under a singleton guard


class CallGraph:
    def __init__(self, project: Project, on_error: Callable[[Func, Exception], None]):
        self.project = project
        self.cat = project.catalogue
        self._resolved: dict[str, Resolved] = {}
        self._reach: dict[str, dict[str, frozenset[Site]]] = {"loop": {}, "pool": {}}
        self._on_error = on_error
        self._successors: dict[tuple[str, str], list[str]] = {}
        self._property_names: frozenset[str] | None = None  # names of all @property getters

    # ---- per-function resolution --------------------------------------------------------

    def resolved(self, gqn: str) -> Resolved:
        cached = self._resolved.get(gqn)
        if cached is not None:
            return cached
        func = self.project.funcs.get(gqn)
        result = Resolved()
        if func is not None:
            try:
                result = self._resolve(func)
            except Exception as err:  # contain: one odd function never aborts the run
                self._on_error(func, err)
                result = Resolved()
        self._resolved[gqn] = result
        return result

    def _target(self, func: Func, value) -> str | None:
        if value is None:
            return None
        p = self.project
        if value[0] in ("func", "meth") and value[1] in p.funcs:
            return value[1]
        if value[0] == "obj":
            method = p.method(value[1], "__call__")
            return method.gqn if method else None
        return None

    def _resolve(self, func: Func) -> Resolved:
        p, cat = self.project, self.cat
        out = Resolved()
        calls = func.fd.calls
        callees = [p.callee(func, site.func) for site in calls]
        consumers: set[int] = set()
        skip: set[int] = set()
        for i, (site, callee) in enumerate(zip(calls, callees, strict=True)):
            if callee is None or callee[0] != "ext":
                continue
            qn = callee[1]
            if qn in cat.coroutines:
                consumers.add(i)
            off = cat.offload.get(qn)
            if off is None:
                continue
            ref = site.args[off.arg] if 0 <= off.arg < len(site.args) else None
            if ref is None and off.keyword:
                ref = dict(site.kwargs).get(off.keyword)
            if ref is None:
                continue
            if ref[0] == "call":
                value = p.callee(func, ref[1])
                target = self._target(func, value)
                if target is not None and value[0] != "class":
                    for j, inner in enumerate(calls):
                        if inner.arg_of == i and inner.func == ref[1]:
                            skip.add(j)
                else:
                    target = self._target(func, p.value_of(func, ref))
            else:
                target = self._target(func, p.value_of(func, ref))
            if target is not None:
                out.offloads.append(Offloaded(target, off.context, site.line, site.col, qn))
                if ref[0] == "lambda":
                    skip.add(-1 - i)  # lambda handled as offloaded
        for j, (site, callee) in enumerate(zip(calls, callees, strict=True)):
            if callee is None or j in skip:
                continue
            kind = callee[0]
            if kind == "ext":
                qn = callee[1]
                awaited = site.awaited or (site.arg_of >= 0 and site.arg_of in consumers)
                entry = cat.blocking(qn)
                if entry is not None and not awaited:
                    blocking = Site(func.gqn, func.mod.path, site.line, site.col, qn, entry)
                    out.blocking.append(blocking)
                    if site.guarded:
                        out.guarded.add(blocking)
                if cat.is_client(qn):
                    client_entry = cat.exact[qn]
                    out.clients.append(
                        (
                            Site(func.gqn, func.mod.path, site.line, site.col, qn, client_entry),
                            site.guarded,
                        )
                    )
                if qn not in cat.offload:
                    for arg in (*site.args, *(v for _, v in site.kwargs)):
                        if arg[0] == "lambda":
                            out.edges.append(
                                Edge(f"{func.mod.name}.{arg[1]}", site.line, site.col, site.guarded)
                            )
            elif kind in ("func", "meth"):
                if callee[1] in p.funcs:
                    out.edges.append(Edge(callee[1], site.line, site.col, site.guarded))
            elif kind == "class":
                for name in ("__new__", "__init__"):
                    method = p.method(callee[1], name)
                    if method is not None:
                        out.edges.append(Edge(method.gqn, site.line, site.col, site.guarded))
            elif kind == "obj":
                method = p.method(callee[1], "__call__")
                if method is not None:
                    out.edges.append(Edge(method.gqn, site.line, site.col, site.guarded))
        self._property_edges(func, out)
        return out

    def _property_edges(self, func: Func, out: Resolved) -> None:
        """Reading `obj.prop` runs the `@property` getter: an edge like a call."""
        p = self.project
        properties = self._property_names
        if properties is None:
            properties = self._property_names = frozenset(
                f.fd.name for f in p.funcs.values() if f.fd.decorators and p.is_property(f)
            )
        seen: set[str] = set()
        roots: list[tuple[tuple, int, int]] = []
        for site in func.fd.calls:
            roots.append((site.func, site.line, site.col))
            roots.extend((a, site.line, site.col) for a in site.args)
        for values in func.fd.locals.values():
            roots.extend((v, func.fd.line, func.fd.col) for v in values)
        roots.extend((v, func.fd.line, func.fd.col) for v in func.fd.return_values)
        for root, line, col in roots:
            stack = [root]
            while stack:
                ref = stack.pop()
                tag = ref[0]
                if tag == "attr":
                    stack.append(ref[1])
                    if ref[2] not in properties:
                        continue  # no property of that name anywhere: skip typing the base
                    base = p.value_of(func, ref[1])
                    if base is not None and base[0] == "obj":
                        method = p.method(base[1], ref[2])
                        if method is not None and p.is_property(method) and method.gqn not in seen:
                            seen.add(method.gqn)
                            out.edges.append(Edge(method.gqn, line, col, False))
                elif tag == "call":
                    stack.append(ref[1])
                    stack.extend(ref[2])
                elif tag in ("await", "star", "enter"):
                    stack.append(ref[1])

    def successors(self, gqn: str, mode: str) -> list[str]:
        key = (gqn, mode)
        cached = self._successors.get(key)
        if cached is None:
            cached = self._successors[key] = self._successors_of(gqn, mode)
        return cached

    def _successors_of(self, gqn: str, mode: str) -> list[str]:
        funcs = self.project.funcs
        out = []
        for edge in self.resolved(gqn).edges:
            if mode == "pool":
                callee = funcs.get(edge.callee)
                if callee is None or callee.fd.is_async:
                    continue
            out.append(edge.callee)
        return out

    # ---- reachability -------------------------------------------------------------------

    def reach(self, root: str, mode: str) -> frozenset[Site]:
        """Blocking sites reachable from `root` (itself included) following `mode` edges."""
        result = self._reach[mode]
        if root in result:
            return result[root]
        index: dict[str, int] = {}
        low: dict[str, int] = {}
        stack: list[str] = []
        on_stack: set[str] = set()
        counter = 0
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(self.successors(root, mode)))]
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
                    work.append((w, iter(self.successors(w, mode))))
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
                members = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    members.append(w)
                    if w == v:
                        break
                member_set = set(members)
                sites: set[Site] = set()
                for m in members:
                    sites.update(self.resolved(m).blocking)
                    for s in self.successors(m, mode):
                        if s not in member_set:
                            sites.update(result.get(s, _EMPTY))
                frozen = frozenset(sites) if sites else _EMPTY
                for m in members:
                    result[m] = frozen
        return result[root]

    def paths(
        self, root: str, targets: Iterable[Site], mode: str
    ) -> dict[Site, list[tuple[str, int]]]:
        """Shortest call path from `root` to each target site: [(function gqn, line of the
        call it makes toward the next step), ...], ending with the function containing the
        site (and the site's line)."""
        wanted: dict[str, list[Site]] = {}
        for site in targets:
            wanted.setdefault(site.func, []).append(site)
        parent: dict[str, tuple[str, int] | None] = {root: None}
        queue = deque([root])
        found: dict[Site, list[tuple[str, int]]] = {}
        while queue and len(found) < sum(len(v) for v in wanted.values()):
            v = queue.popleft()
            for site in wanted.get(v, ()):
                chain = [(v, site.line)]
                cursor = parent[v]
                while cursor is not None:
                    chain.append(cursor)
                    cursor = parent[cursor[0]]
                chain.reverse()
                found[site] = chain
            funcs = self.project.funcs
            for edge in self.resolved(v).edges:
                if edge.callee in parent:
                    continue
                if mode == "pool":
                    callee = funcs.get(edge.callee)
                    if callee is None or callee.fd.is_async:
                        continue
                parent[edge.callee] = (v, edge.line)
                queue.append(edge.callee)
        return found
