"""Turns the FastAPI model + call graph into findings UJ001–UJ006 (see /docs rule pages).

Entry points are considered in a fixed priority order — route endpoints and their
dependencies (by file and line), then other framework-invoked callables (middleware,
exception handlers, background tasks, streaming iterators), then every other `async def`
that no framework entry already reaches ("every async def is on the loop"). A blocking site
is reported once per (code, location), attributed to the first entry that reaches it, and
the message says how many other entries reach it too.
"""

from __future__ import annotations

from collections import deque

from unjam.analysis.callgraph import CallGraph, Offloaded, Site
from unjam.analysis.fastapi_model import FastAPIModel, Invoked, Route
from unjam.analysis.grouping import Root, assign_groups
from unjam.analysis.project import Project
from unjam.analysis.rules.request_data import request_inputs
from unjam.model import ChainStep, EntryPoint, ExecutionContext, Finding, Location, Severity
from unjam.semantics import OFFLOAD_ROLES, Role

_KIND_WORDS = {
    "network": "network I/O",
    "file": "file I/O",
    "subprocess": "a subprocess",
    "sleep": "a sleep",
    "lock": "a lock/wait",
    "cpu": "CPU-heavy work",
}
_CACHES = {("ext", "functools.lru_cache"), ("ext", "functools.cache")}
_DEFAULT_TOKENS = 40
# UJ005 notes a route's sync pieces from this many on: each is one trip through the token
# queue (see _pool_trips); one or two are how every sync FastAPI route works.
_MANY_TRIPS = 3
# calls a dependency may make and still become `async def` without blocking the loop
_HARMLESS_NAMES = frozenset(
    [
        "HTTPException",
        "bool",
        "dict",
        "float",
        "int",
        "isinstance",
        "len",
        "list",
        "max",
        "min",
        "set",
        "sorted",
        "str",
        "tuple",
    ]
)
_HARMLESS_METHODS = frozenset(
    ["endswith", "get", "items", "keys", "lower", "split", "startswith", "strip", "upper", "values"]
)
# UJ003 follows a dependency's calls this many hops deep: per-request construction sits close
# to the dependency (seed 000: 3 hops); deeper, caches the analysis cannot see dominate.
_CLIENT_DEPTH = 8
_FAR = _CLIENT_DEPTH + 1  # no client construction within reach
FIX_CLIENT = (
    "create the client once — at module level, in lifespan (app.state), or in a "
    "functools.lru_cache factory — and inject that instance"
)
# a client built from what the request sends (a connection test): one shared client cannot do
FIX_CLIENT_FROM_REQUEST = (
    "it is configured from the request, so one shared client cannot serve every request: "
    "keep clients in a dict keyed by those settings, reused when a request sends the same "
    "ones; if the request's part is per-call data (a header, a token), build the client once "
    "and pass that data to each call"
)
# a dependency's network call (a queue-URL lookup, a DB query): the client advice does not fit
FIX_DEP_NETWORK = (
    "if the answer is the same on every request, fetch it once (in lifespan, or behind a "
    "memo guard or functools.lru_cache) and reuse it; if it depends on the request, keep it "
    "but make sure the client or session it goes through is shared"
)
# UJ001/UJ002 for a call under a memo guard (`if _client is None:`): true once, not per request
_ONCE = "on the first call only (its result is memoised, later calls skip it)"
FIX_ONCE = "do it once at start-up (lifespan) so no request waits for it"
FIX_MIDDLEWARE = (
    "write it as a pure ASGI middleware (a class with `async def __call__(self, scope, "
    "receive, send)`), which avoids BaseHTTPMiddleware's extra task and body streaming"
)
FIX_LIMITER = (
    "raise anyio's limiter at start-up: `to_thread.current_default_thread_limiter()"
    ".total_tokens = 100` in lifespan"
)


def _label(inv: Invoked) -> str:
    """How a group counts what it affects: the route, else the entry point itself."""
    return inv.route or f"{inv.name} ({inv.path}:{inv.line})"


def _inv_key(inv: Invoked) -> str:
    return inv.key or (inv.funcs[0] if inv.funcs else inv.name)


def _site_order(site: Site) -> tuple:
    """Report order of blocking sites: by place; for two at one place (`with e.connect():`
    is a call and an `__enter__`), the call first, then by name. Without the last two keys
    the order of a set decided, which varied from run to run with Python's string hashing."""
    return (site.path, site.line, site.col, site.qn.endswith(".__enter__"), site.qn)


def _raises_limiter(project: Project) -> bool:
    """UJ006 is silent once the project assigns `<anything>.total_tokens` (the limiter's
    capacity) anywhere: read from the summaries' attribute stores."""
    for func in project.funcs.values():
        for _base, attr, _value in func.fd.attr_stores:
            if attr == "total_tokens":
                return True
    return False


class RulesEngine:
    def __init__(self, project: Project, graph: CallGraph, model: FastAPIModel):
        self.p = project
        self.g = graph
        self.model = model
        self.findings: list[Finding] = []
        self._reported: set[tuple[str, str, int, int]] = set()
        self._reported_lines: set[tuple[str, str, int]] = set()  # (code, path, line)
        self._cached: dict[str, bool] = {}
        self._roots: dict[int, Root] = {}  # id(finding) → its root cause (grouping)
        self._users: dict[str, set[str]] | None = None  # see _routes_using
        self._apps: dict[str, str] | None = None  # see _app_of
        self.raises_limiter = _raises_limiter(project)
        self._steady: dict[tuple, set[str]] = {}  # entry functions → what runs on every call

    # ---- helpers ------------------------------------------------------------------------

    def _entry_point(self, inv: Invoked, context: ExecutionContext | None = None) -> EntryPoint:
        return EntryPoint(inv.name, inv.path, inv.line, context or inv.context, inv.route)

    def _chain(self, steps: list[tuple[str, int]], blocker: str | None, site_line: int) -> tuple:
        chain = []
        for gqn, line in steps:
            func = self.p.funcs[gqn]
            chain.append(ChainStep(func.display, func.mod.path, line))
        if blocker is not None and chain:
            chain.append(ChainStep(blocker, chain[-1].path, site_line))
        return tuple(chain)

    def _add(self, finding: Finding, root: Root | None = None) -> bool:
        key = (finding.code, finding.location.path, finding.location.line, finding.location.column)
        if key in self._reported:
            return False
        self._reported.add(key)
        self._reported_lines.add(key[:3])
        self.findings.append(finding)
        if root is not None:
            self._roots[id(finding)] = root
        return True

    def _at(self, code: str, path: str, line: int) -> bool:
        return (code, path, line) in self._reported_lines

    def _is_cached(self, gqn: str) -> bool:
        known = self._cached.get(gqn)
        if known is None:
            known = self._cached[gqn] = self._decorated_with_cache(gqn)
        return known

    def _decorated_with_cache(self, gqn: str) -> bool:
        func = self.p.funcs.get(gqn)
        if func is None:
            return False
        scope = self.p.parent_scope(func)
        for ref, _line, _col in func.fd.decorators:
            target = ref[1] if ref[0] == "call" else ref
            if self.p.value_of(scope, target) in _CACHES:
                return True
        return False

    def _via(self, steps: list[tuple[str, int]]) -> str:
        names = [self.p.funcs[g].display for g, _ in steps]
        if len(names) > 6:
            names = [*names[:3], f"… {len(names) - 5} more …", *names[-2:]]
        return " → ".join(names)

    def _describe(self, inv: Invoked) -> str:
        asyncness = "async " if inv.is_async else "sync "
        if inv.role in (Role.CLASS_DEPENDENCY,):
            asyncness = ""
        route = f" ({inv.route})" if inv.route else ""
        return f"{asyncness}{inv.role.value} `{inv.name}`{route}"

    # ---- entries ------------------------------------------------------------------------

    def _route_entries(self) -> list[Invoked]:
        entries: list[Invoked] = []
        for route in sorted(self.model.routes, key=lambda r: (r.decorator_path, r.decorator_line)):
            entries.append(route.endpoint)
            entries.extend(route.dependencies)
        return entries

    def _offload_entries(self, endpoint_routes: dict[str, str]) -> list[Invoked]:
        out = []
        for gqn, resolved in list(self.g._resolved.items()):
            for off in resolved.offloads:
                target = self.p.funcs.get(off.target)
                if target is None:
                    continue
                role = OFFLOAD_ROLES.get(off.context, Role.OFFLOADED)
                out.append(
                    Invoked(
                        (target.gqn,),
                        target.display,
                        role,
                        target.fd.is_async,
                        target.mod.path,
                        target.fd.line,
                        endpoint_routes.get(gqn),
                        key=target.gqn,
                    )
                )
        out.sort(key=lambda i: (i.route is None, i.path, i.line))
        return out

    def _reached_functions(self, roots: list[str], mode: str) -> set[str]:
        seen = set(roots)
        queue = deque(roots)
        graph = self.g  # its methods called directly: native calls when compiled
        while queue:
            v = queue.popleft()
            for w in graph.successors(v, mode):
                if w not in seen:
                    seen.add(w)
                    queue.append(w)
        return seen

    def _coroutine_roots(self, candidates: list) -> list:
        """Coroutines nothing else calls (the outermost ones), then, for cycles with no
        outside caller, one member per uncovered cycle — so a chain of coroutines counts as
        one entry point, not one per link."""
        called: set[str] = set()
        seen: set[str] = set()
        queue = deque(f.gqn for f in candidates)
        seen.update(queue)
        graph = self.g
        while queue:
            v = queue.popleft()
            for w in graph.successors(v, "loop"):
                called.add(w)
                if w not in seen:
                    seen.add(w)
                    queue.append(w)
        roots = [f for f in candidates if f.gqn not in called]
        covered = self._reached_functions([f.gqn for f in roots], "loop")
        for func in candidates:
            if func.gqn not in covered:
                roots.append(func)
                covered |= self._reached_functions([func.gqn], "loop")
        return roots

    # ---- rules --------------------------------------------------------------------------

    def run(self) -> list[Finding]:
        endpoint_routes = {r.endpoint.funcs[0]: r.label for r in self.model.routes}
        routes = self._route_entries()
        others = sorted(
            (i for i in self.model.others if i.role not in (Role.LIFESPAN, Role.STARTUP)),
            key=lambda i: (i.path, i.line),
        )
        startup = sorted(
            (i for i in self.model.others if i.role in (Role.LIFESPAN, Role.STARTUP)),
            key=lambda i: (i.path, i.line),
        )
        framework = [i for i in routes + others if i.context is ExecutionContext.LOOP]
        # resolve what framework entries reach first, so their offloads are known
        for inv in framework:
            for f in inv.funcs:
                self.g.reach(f, "loop")
        offloaded = self._offload_entries(endpoint_routes)
        framework += [i for i in offloaded if i.context is ExecutionContext.LOOP]
        claimed_funcs = {f for i in routes + others + startup + offloaded for f in i.funcs}
        covered = self._reached_functions([f for i in framework + startup for f in i.funcs], "loop")
        # (a stable sort of the chosen functions: the order sorting them all would give)
        candidates = sorted(
            (
                func
                for func in self.p.funcs.values()
                if func.fd.is_async and func.gqn not in covered and func.gqn not in claimed_funcs
            ),
            key=lambda f: (f.mod.path, f.fd.line),
        )
        if self._serves_an_app():
            candidates = []  # an app's findings come from what it serves (docs/check.md)
        coroutines = [
            Invoked(
                (func.gqn,),
                func.display,
                Role.COROUTINE,
                True,
                func.mod.path,
                func.fd.line,
                None,
                key=func.gqn,
            )
            for func in self._coroutine_roots(candidates)
        ]
        loop_entries = framework + coroutines
        self._blocking("UJ001", loop_entries, Severity.ERROR, "blocks the event loop")
        self._blocking(
            "UJ002",
            startup,
            Severity.WARNING,
            "blocks the event loop at start-up",
            context=ExecutionContext.STARTUP,
        )
        self._blocking(
            "UJ002",
            startup,
            Severity.WARNING,
            "blocks the event loop at shutdown",
            context=ExecutionContext.STARTUP,
            shutdown=True,
        )
        self._per_request_clients()
        self._middleware()
        self._threadpool()
        return assign_groups(self.findings, [self._roots.get(id(f)) for f in self.findings])

    def _serves_an_app(self) -> bool:
        """Whether the project has a FastAPI/Starlette app or routes. Then only what the app
        serves is checked, and an `async def` no entry reaches (a CLI script run with
        `asyncio.run`, test code, a method nothing calls) is not reported as if it were on the
        server's loop; without an app every coroutine is an entry, so plain asyncio code is
        still checked."""
        return bool(self.model.apps or self.model.routes)

    def _before_shutdown(self, root: str) -> frozenset[Site] | set[Site]:
        """What a start-up entry reaches before its first `yield`: a lifespan's code after it
        runs at shutdown, where blocking delays a graceful stop, not the start — its finding
        must say so (the second UJ002 pass reports what only the shutdown part reaches)."""
        graph = self.g
        func = self.p.funcs.get(root)
        first_yield = func.fd.first_yield if func is not None else 0
        if not first_yield:
            return graph.reach(root, "loop")
        resolved = graph.resolved(root)
        sites = {s for s in resolved.blocking if s.line < first_yield}
        for edge in resolved.edges:
            if edge.line < first_yield:
                sites |= graph.reach(edge.callee, "loop")
        return sites

    def _blocking(
        self, code, entries: list[Invoked], severity, verb, context=None, shutdown=False
    ) -> None:
        counts: dict[Site, int] = {}
        reached_by: dict[Site, set[str]] = {}
        owner: dict[Site, Invoked] = {}
        graph = self.g
        startup = code == "UJ002"
        for inv in entries:
            sites: set[Site] = set()
            for f in inv.funcs:
                if not startup:
                    sites |= graph.reach(f, "loop")
                elif shutdown:
                    sites |= graph.reach(f, "loop") - self._before_shutdown(f)
                else:
                    sites |= self._before_shutdown(f)
            for site in sites:
                if startup and self._at("UJ001", site.path, site.line):
                    continue
                if shutdown and self._at("UJ002", site.path, site.line):
                    continue  # (reached at start-up too: reported as that)
                counts[site] = counts.get(site, 0) + 1
                reached_by.setdefault(site, set()).add(_label(inv))
                if site not in owner:
                    owner[site] = inv
        by_entry: dict[int, list[Site]] = {}
        for site, inv in owner.items():
            by_entry.setdefault(id(inv), []).append(site)
        invs = {id(i): i for i in entries}
        for key, owned in by_entry.items():
            inv = invs[key]
            paths: dict[Site, list] = {}
            for f in inv.funcs:
                for site, path in self.g.paths(
                    f, [s for s in owned if s not in paths], "loop"
                ).items():
                    paths.setdefault(site, path)
            for site in sorted(owned, key=_site_order):
                path = paths.get(site) or [(site.func, site.line)]
                kind = site.entry.kind or "network"
                via = self._via(path[1:])
                others = counts[site] - 1
                once = not startup and self._memoised_only(inv, site, path)
                message = (
                    f"`{site.qn}` ({_KIND_WORDS.get(kind, kind)}) "
                    + (f"{verb} {_ONCE}" if once else verb)
                    + ": reached from "
                    f"{self._describe(inv)}"
                    + (f" via {via}" if via else "")
                    + (
                        f" (also reached from {others} other entry point{'s' if others != 1 else ''})"
                        if others > 0
                        else ""
                    )
                )
                self._add(
                    Finding(
                        code=code,
                        kind=kind,
                        severity=Severity.WARNING if once else severity,
                        location=Location(site.path, site.line, site.col),
                        message=message,
                        blocker=site.qn,
                        entry=self._entry_point(inv, context),
                        chain=self._chain(path, site.qn, site.line),
                        fix=f"{site.entry.fix}; or {FIX_ONCE}" if once else site.entry.fix,
                        blocks_loop=True,
                    ),
                    self._blocking_root(site, path, verb, reached_by[site], once),
                )

    def _blocking_root(
        self,
        site: Site,
        path: list[tuple[str, int]],
        verb: str,
        reached: set[str],
        once: bool = False,
    ) -> Root:
        """The function that brings the block onto the loop: the first sync function on the
        path (an async caller runs it inline: `initialize()` in lifespan, a sync helper), else
        the async function that makes the blocking calls itself. Its first-call stalls (memoised)
        are a group of their own: their headline and fix differ from per-request blocks."""
        if once:
            root = self._blocking_root(site, path, f"{verb} on the first call only", reached)
            return Root((*root.key, "once"), root.title, root.affects, root.fix)
        funcs = self.p.funcs
        for i, (gqn, _line) in enumerate(path):
            func = funcs.get(gqn)
            if func is None or func.fd.is_async:
                continue
            caller = funcs.get(path[i - 1][0]) if i else None
            where = (
                f", called from async `{caller.display}` ({caller.mod.path}:{path[i - 1][1]})"
                if caller is not None
                else ""
            )
            same_class = (
                caller is not None
                and func.fd.class_qn is not None
                and (caller.mod, caller.fd.class_qn) == (func.mod, func.fd.class_qn)
            )
            called = f"self.{func.fd.name}" if same_class else func.display
            fix = (
                f"run it off the loop where `{caller.display}` calls it — "
                f"`await asyncio.to_thread({called}, ...)` or `run_in_threadpool` — or replace "
                "its blocking calls with async ones"
                if caller is not None
                else "make it `async def` and await async versions of its blocking calls, or "
                "run them with `await asyncio.to_thread(...)`"
            )
            return Root(
                ("func", gqn), f"sync `{func.display}`{where} {verb}", frozenset(reached), fix
            )
        owner = funcs.get(site.func)
        name = owner.display if owner is not None else site.func
        return Root(
            ("in", site.func),
            f"blocking calls in async `{name}` {verb.replace('blocks', 'block', 1)}",
            frozenset(reached),
        )

    def _routes_using(self, key: str) -> frozenset[str]:
        """Labels of the routes whose endpoint or dependencies include `key`."""
        users = self._users
        if users is None:
            users = self._users = {}
            for route in self.model.routes:
                for inv in [route.endpoint, *route.dependencies]:
                    users.setdefault(_inv_key(inv), set()).add(route.label)
        return frozenset(users.get(key, ()))

    def _app_of(self, inv: Invoked) -> str:
        """The app serving the first route that uses `inv` ("" when unknown)."""
        apps = self._apps
        if apps is None:
            apps = self._apps = {}
            for route in self.model.routes:
                for i in [route.endpoint, *route.dependencies]:
                    apps.setdefault(_inv_key(i), route.app or "")
        return apps.get(_inv_key(inv), "")

    def _memoised_only(self, inv: Invoked, site: Site, path: list[tuple[str, int]]) -> bool:
        """Whether `site` runs only under memo guards (rules/memo.py) on every way from the
        entry: the first call stalls the loop, later ones find the value set. The shortest
        path decides unless it crosses a memo guard; then a walk over unguarded calls does."""
        graph = self.g
        if site in graph.resolved(site.func).guarded:
            return True
        crosses = False
        for i in range(len(path) - 1):
            caller, line = path[i]
            callee = path[i + 1][0]
            if self._is_cached(callee) or any(  # an lru_cache'd function memoises too
                e.guarded and e.callee == callee and e.line == line
                for e in graph.resolved(caller).edges
            ):
                crosses = True
                break
        if not crosses:
            return False
        steady = self._steady.get(inv.funcs)
        if steady is None:  # what the entry runs on every call: unguarded calls only
            steady = set(inv.funcs)
            queue = deque(inv.funcs)
            while queue:
                for edge in graph.resolved(queue.popleft()).edges:
                    if (
                        not edge.guarded
                        and edge.callee not in steady
                        and not self._is_cached(edge.callee)
                    ):
                        steady.add(edge.callee)
                        queue.append(edge.callee)
            self._steady[inv.funcs] = steady
        return site.func not in steady

    def _per_request_clients(self) -> None:
        """UJ003: a client built on every request — by a dependency or an endpoint (and
        what they call, handed-off work included) — or, for dependencies, a network call
        made while FastAPI resolves them."""
        done: set[str] = set()
        routes = sorted(self.model.routes, key=lambda r: (r.decorator_path, r.decorator_line))
        near = self._near_clients([f for r in routes for f in r.endpoint.funcs])
        for route in routes:
            for inv in [*route.dependencies, route.endpoint]:
                if inv.cached or inv.key in done:
                    continue
                done.add(inv.key)  # reported once, with the first route that uses it
                if inv is route.endpoint:
                    if any(f in near for f in inv.funcs):
                        self._dependency_clients(inv, network=False, near=near)
                else:
                    self._dependency_clients(inv)

    def _near_clients(self, roots: list[str]) -> dict[str, int]:
        """How many calls away (unguarded, uncached calls and offloads) an unguarded client
        construction is, for the functions where that is at most _CLIENT_DEPTH: an
        endpoint's walk enters only those that can still reach one within its depth, so
        hundreds of endpoints do not each walk the whole graph (and find the same)."""
        graph = self.g
        done = graph._reach["loop"]  # (everything these reach is resolved already)
        seen = set(roots)
        queue = deque(seen)
        while queue:  # resolve what the endpoints reach, handed-off work included
            v = queue.popleft()
            resolved = graph.resolved(v)
            if v not in done:
                for edge in resolved.edges:
                    if edge.callee not in seen:
                        seen.add(edge.callee)
                        queue.append(edge.callee)
            if not queue:
                for other in list(graph._resolved.values()):
                    for off in other.offloads:
                        if off.target not in seen:
                            seen.add(off.target)
                            queue.append(off.target)
        callers: dict[str, list[str]] = {}
        distance: dict[str, int] = {}
        for gqn, resolved in graph._resolved.items():
            if any(not guarded for _site, guarded in resolved.clients):
                distance[gqn] = 0
            for edge in resolved.edges:
                if not edge.guarded:
                    callers.setdefault(edge.callee, []).append(gqn)
            for off in resolved.offloads:
                callers.setdefault(off.target, []).append(gqn)
        queue = deque(distance)
        while queue:
            v = queue.popleft()
            if distance[v] >= _CLIENT_DEPTH or self._is_cached(v):
                continue
            for u in callers.get(v, ()):
                if u not in distance:
                    distance[u] = distance[v] + 1
                    queue.append(u)
        return distance

    def _dependency_clients(
        self, dep: Invoked, network: bool = True, near: dict[str, int] | None = None
    ) -> None:
        parent: dict[str, tuple[str, int] | None] = {}
        queue: deque[str] = deque()
        depth: dict[str, int] = {}
        handed: dict[str, str] = {}  # function reached through an offload → where it runs
        for f in dep.funcs:
            if f not in parent:
                parent[f] = None
                depth[f] = 0
                queue.append(f)
        while queue:
            v = queue.popleft()
            resolved = self.g.resolved(v)
            hits: list[tuple[Site, str]] = [
                (site, "constructs") for site, guarded in resolved.clients if not guarded
            ]
            hits += [
                (site, "network")
                for site in resolved.blocking
                if network and site.entry.kind == "network" and site not in resolved.guarded
            ]
            for site, what in sorted(hits, key=lambda h: (h[0].line, h[0].col)):
                if what == "network" and (
                    self._at("UJ001", site.path, site.line)
                    or self._at("UJ002", site.path, site.line)
                ):
                    continue
                if what == "network" and any(
                    s.line == site.line and not g for s, g in resolved.clients
                ):
                    continue
                steps = [(v, site.line)]
                cursor = parent[v]
                while cursor is not None:
                    steps.append(cursor)
                    cursor = parent[cursor[0]]
                steps.reverse()
                action = (
                    f"constructs `{site.qn}`"
                    if what == "constructs"
                    else f"makes a network call `{site.qn}`"
                )
                if v in handed:
                    where = handed[v]
                elif dep.context is ExecutionContext.THREADPOOL:
                    where = "in the thread pool"
                else:
                    where = "on the event loop"
                sent = request_inputs(self.p.funcs, steps, site.col) if what == "constructs" else ()
                if sent:  # built from the request's own settings: no one client to share
                    where += ", from what the request sends: "
                    where += ", ".join(f"`{name}`" for name in sent)
                self._add(
                    Finding(
                        code="UJ003",
                        kind="per-request-client",
                        severity=Severity.WARNING,
                        location=Location(site.path, site.line, site.col),
                        message=(
                            f"{self._describe(dep)} {action} on every request ({where})"
                            + f", via {self._via(steps)}"
                        ),
                        blocker=site.qn,
                        entry=self._entry_point(dep),
                        chain=self._chain(steps, site.qn, site.line),
                        fix=(FIX_CLIENT_FROM_REQUEST if sent else FIX_CLIENT)
                        if what == "constructs"
                        else FIX_DEP_NETWORK,
                    ),
                    Root(
                        ("dependency", _inv_key(dep)),
                        f"{self._describe(dep).partition(' (')[0]} builds a client"
                        + (" or calls the network" if network else "")
                        + " on every request",
                        self._routes_using(_inv_key(dep)),
                    ),
                )
            if depth[v] >= _CLIENT_DEPTH:
                continue
            for edge in resolved.edges:
                if edge.guarded or edge.callee in parent or self._is_cached(edge.callee):
                    continue
                if near is not None and depth[v] + 1 + near.get(edge.callee, _FAR) > _CLIENT_DEPTH:
                    continue
                parent[edge.callee] = (v, edge.line)
                depth[edge.callee] = depth[v] + 1
                if v in handed:
                    handed[edge.callee] = handed[v]
                queue.append(edge.callee)
            for off in resolved.offloads:
                if near is not None and depth[v] + 1 + near.get(off.target, _FAR) > _CLIENT_DEPTH:
                    continue
                if off.target not in parent and not self._is_cached(off.target):
                    parent[off.target] = (v, off.line)
                    depth[off.target] = depth[v] + 1
                    handed[off.target] = handed.get(v) or self._handed_where(off)
                    queue.append(off.target)

    def _handed_where(self, off: Offloaded) -> str:
        """Where work handed over by `off` (asyncio.to_thread(f), add_task(f), ...) runs."""
        if off.context in ("thread-pool", "thread"):
            return f"in a worker thread, handed over by `{off.qn}`"
        if off.context == "process":
            return f"in a worker process, handed over by `{off.qn}`"
        target = self.p.funcs.get(off.target)
        if target is not None and not target.fd.is_async:
            return f"in the thread pool, via `{off.qn}`"
        return f"on the event loop, via `{off.qn}`"

    def _middleware(self) -> None:
        for mw in sorted(self.model.http_middleware, key=lambda m: (m.path, m.line)):
            entry = EntryPoint(mw.name, mw.path, mw.line, ExecutionContext.LOOP, None)
            self._add(
                Finding(
                    code="UJ004",
                    kind="middleware",
                    severity=Severity.INFO,
                    location=Location(mw.path, mw.line, mw.col),
                    message=(
                        f"{mw.form} `{mw.name}` runs on every request through Starlette's "
                        "BaseHTTPMiddleware machinery (an extra task and response-body streaming "
                        "per request; contextvars and background-task pitfalls)"
                    ),
                    blocker=mw.form,
                    entry=entry,
                    fix=FIX_MIDDLEWARE,
                )
            )

    def _threadpool(self) -> None:
        routes = sorted(self.model.routes, key=lambda r: (r.decorator_path, r.decorator_line))
        for route in routes:
            self._pool_trips(route)
        if not self.raises_limiter:
            for route in routes:
                for inv in [route.endpoint, *route.dependencies]:
                    if inv.token:
                        self._pool_network(inv)
            self._default_limiter(routes)

    def _pool_trips(self, route: Route) -> None:
        """A route with many sync pieces. FastAPI runs them one after another, each borrowing
        a token and returning it before the next starts (a sync generator's exit runs under a
        limiter of its own), so they set no ceiling on concurrent requests; what they cost is
        one trip through the token queue each, which means waiting only once the pool is
        saturated — worth a note, not a warning, and only when there are several."""
        pieces = [i for i in [*route.dependencies, route.endpoint] if i.token]
        if len(pieces) < _MANY_TRIPS:
            return
        names = ", ".join(f"`{i.name}`" for i in pieces)
        deps = [i for i in route.dependencies if i.token]
        light = [d for d in deps if self._light_dependency(d)]
        shared = max(deps, key=lambda d: len(self._routes_using(_inv_key(d))), default=None)
        if light:
            one = len(light) == 1
            fix = (
                "make "
                + ", ".join(f"`{d.name}`" for d in light)
                + " `async def`: "
                + ("it calls" if one else "they call")
                + " nothing that blocks, and on the loop "
                + ("it needs" if one else "they need")
                + " no trip"
            )
        else:
            fix = "fold the sync dependencies into fewer `def` functions (one trip each)"
        self._add(
            Finding(
                code="UJ005",
                kind="threadpool",
                severity=Severity.INFO,
                location=Location(route.decorator_path, route.decorator_line, route.decorator_col),
                message=(
                    f"{route.label} makes {len(pieces)} trips through the thread pool per request "
                    f"({names}), one after another: no ceiling on concurrent requests, but once "
                    f"the pool is saturated a request waits for a token {len(pieces)} times"
                ),
                blocker="thread-pool trips",
                entry=self._entry_point(route.endpoint),
                fix=f"{fix}; if the pool saturates, {FIX_LIMITER}",
                details={"sync_pieces": [i.name for i in pieces]},
            ),
            # grouped by the sync dependency most routes share (an app- or router-level one,
            # typically authentication): the one whose change helps every route of the group
            Root(
                ("trips", _inv_key(shared)),
                f"routes with sync {shared.role.value} `{shared.name}` make {_MANY_TRIPS} or "
                "more thread-pool trips per request",
                frozenset([route.label]),
            )
            if shared is not None
            else None,
        )

    def _light_dependency(self, dep: Invoked) -> bool:
        """Whether `dep` could become `async def` without putting blocking work on the loop:
        a plain (non-generator) function dependency whose body calls only builtins and str/dict
        methods. Anything else (a DB session, a client, an unknown call) stays sync."""
        if dep.role is not Role.DEPENDENCY:
            return False
        for gqn in dep.funcs:
            func = self.p.funcs.get(gqn)
            if func is None or func.fd.is_generator:
                return False
            for call in func.fd.calls:
                ref = call.func
                if ref[0] == "name" and ref[1] in _HARMLESS_NAMES:
                    continue
                if ref[0] == "attr" and ref[2] in _HARMLESS_METHODS:
                    continue
                return False
        return True

    def _pool_network(self, inv: Invoked) -> None:
        for f in inv.funcs:
            sites = [s for s in self.g.reach(f, "pool") if s.entry.kind == "network"]
            sites = [
                s
                for s in sites
                if not any(self._at(c, s.path, s.line) for c in ("UJ001", "UJ002", "UJ003"))
            ]
            if not sites:
                continue
            paths = self.g.paths(f, sites, "pool")
            for site in sorted(sites, key=_site_order):
                path = paths.get(site) or [(site.func, site.line)]
                self._add(
                    Finding(
                        code="UJ005",
                        kind="threadpool",
                        severity=Severity.WARNING,
                        location=Location(site.path, site.line, site.col),
                        message=(
                            f"`{site.qn}` holds a thread-pool token for a whole network round "
                            f"trip, from {self._describe(inv)}: it does not block the loop, but "
                            f"with anyio's default limiter at most {_DEFAULT_TOKENS} such calls "
                            "run at once across the process and further sync work queues"
                        ),
                        blocker=site.qn,
                        entry=self._entry_point(inv),
                        chain=self._chain(path, site.qn, site.line),
                        fix=(
                            f"size the pool for it: {FIX_LIMITER}; or, if every blocking call "
                            f"on this path has an async client, move `{inv.name}` to "
                            "`async def` code that uses them"
                        ),
                    ),
                    # one root cause per app: it keeps the default limiter (see UJ006) while
                    # sync code waits on the network in the pool, wherever that code is
                    Root(
                        ("pool", self._app_of(inv)),
                        "sync endpoints and dependencies hold thread-pool tokens through "
                        f"network round trips, under anyio's default limit of {_DEFAULT_TOKENS}",
                        self._routes_using(_inv_key(inv)),
                        FIX_LIMITER,
                    ),
                )

    def _default_limiter(self, routes: list[Route]) -> None:
        pool_others = sum(
            i.context is ExecutionContext.THREADPOOL
            for i in self.model.others
            if i.role not in (Role.LIFESPAN, Role.STARTUP)
        )
        # routes and handlers not tied to an app belong to it only when it is the only one:
        # with several apps (a main one, mounted ones, test apps) no app gets another's work
        alone = len(self.model.apps) == 1
        if not alone:
            pool_others = 0
        for app in sorted(self.model.apps, key=lambda a: (a.path, a.line)):
            mine = [r for r in routes if r.app == app.sym or (alone and r.app is None)]
            if not (any(r.tokens for r in mine) or pool_others):
                continue
            users = sum(1 for r in mine if r.tokens)
            what = (
                [f"{users} route{' borrows' if users == 1 else 's borrow'} tokens"] if users else []
            )
            if pool_others:
                what.append(f"{pool_others} other sync handler{'s' if pool_others != 1 else ''}")
            self._add(
                Finding(
                    code="UJ006",
                    kind="threadpool",
                    severity=Severity.INFO,
                    location=Location(app.path, app.line, app.col),
                    message=(
                        f"this app runs work in the thread pool ({', '.join(what)}) and never "
                        f"raises anyio's default limiter of {_DEFAULT_TOKENS} tokens"
                    ),
                    blocker="anyio default thread limiter",
                    entry=EntryPoint(
                        app.sym.rpartition(".")[2].rpartition(":")[2],
                        app.path,
                        app.line,
                        ExecutionContext.THREADPOOL,
                        None,
                    ),
                    fix=FIX_LIMITER,
                ),
                Root(
                    ("app", app.sym),
                    f"app `{app.sym.rpartition('.')[2].rpartition(':')[2]}` keeps anyio's "
                    "default thread limiter",
                    frozenset(r.label for r in mine if r.tokens),
                ),
            )
