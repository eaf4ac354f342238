"""Turns the FastAPI model + call graph into findings UJ001–UJ006 (see /docs rule pages).

The engine is what the rules share: the entry points, what they reach, how an entry and a
call chain are described, and one way to report a finding (deduplicated per code and place,
with its root cause for grouping). Each rule family lives beside its page in
`unjam/analysis/rules/` (`blocking.py`, `clients.py`, `middleware.py`, `threadpool.py`) and
reports without looking at what the others reported; `rules/precedence.py` then drops the
findings another rule already says better, and grouping (`grouping.py`) runs last.

Entry points are considered in a fixed priority order — route endpoints and their
dependencies (by file and line), then other framework-invoked callables (middleware,
exception handlers, background tasks, streaming iterators), then every other `async def`
that no framework entry already reaches ("every async def is on the loop"). A blocking site
is reported once per (code, location), attributed to the first entry that reaches it, and
the message says how many other entries reach it too.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import replace
from pathlib import Path
from typing import Any

from unjam.analysis.async_decorators import sync_decorator
from unjam.analysis.callgraph import CallGraph, Site
from unjam.analysis.callgraph_records import Edge
from unjam.analysis.command_mains import command_mains
from unjam.analysis.declared_versions import app_folders, declared_below
from unjam.analysis.deployed_python import deployed_before
from unjam.analysis.fastapi_model import FastAPIModel, Invoked
from unjam.analysis.first_fill import earliest_fill
from unjam.analysis.grouping import Root, assign_groups
from unjam.analysis.inference import makes_managers
from unjam.analysis.limited_endpoints import refuses_its_request
from unjam.analysis.never_runs import NeverRuns
from unjam.analysis.project import Func, Project
from unjam.analysis.rules import RULES, blocking, clients, middleware, threadpool
from unjam.analysis.rules.expiring import expiring_cache
from unjam.analysis.rules.local_database import LocalDatabase
from unjam.analysis.rules.memo import MemoGuards, keyed, stores_row
from unjam.analysis.rules.precedence import kept
from unjam.analysis.rules.rule import MAX_CALLS
from unjam.analysis.rules.shared_receivers import NONE as NO_NAMES
from unjam.analysis.rules.shared_receivers import SharedReceivers
from unjam.analysis.serverless import lambda_only
from unjam.analysis.summary import FuncDef
from unjam.analysis.unnamed_coroutines import named_anywhere, unnamed
from unjam.model import ChainStep, EntryPoint, ExecutionContext, Finding, Location, Severity
from unjam.semantics import OFFLOAD_ROLES, Role

_START_OR_STOP = (Role.LIFESPAN, Role.STARTUP, Role.SHUTDOWN)
_FLASK_APPS = frozenset(
    {"flask.Flask", "flask.app.Flask", "flask.Blueprint", "flask.blueprints.Blueprint"}
)
_FLASK_ROUTES = frozenset({"route", "get", "post", "put", "delete", "patch"})


class RulesEngine:
    def __init__(
        self,
        project: Project,
        graph: CallGraph,
        model: FastAPIModel,
        root: Path | None = None,
        never_runs: NeverRuns | None = None,
    ):
        self.p = project
        self.root = root  # the folder checked: its dependency files say which pool runs sync code
        self.g = graph
        self.model = model
        self.findings: list[Finding] = []
        self._reported: set[tuple[str, str, int, int]] = set()
        self._roots: list[Root | None] = []  # finding i's root cause (grouping)
        self._tags: list[str] = []  # finding i's tag, for the precedence pass
        self.failed: list[tuple[str, Exception]] = []  # (rule family, its error): not checked
        self._cached: dict[str, bool] = {}
        # entry functions → what runs on every call (_steady_states)
        self._steady: dict[tuple, set[tuple[str, frozenset[str]]]] = {}
        self._users: dict[str, set[str]] | None = None  # see routes_using
        self._apps: dict[str, str] | None = None  # see app_of
        self._serving: set[str] | None = None  # see serving_apps
        self._one_request: bool | None = None  # see one_request_per_process
        self._local_database: LocalDatabase | None = None  # see local_database
        self._old_fastapi: bool | None = None  # see _unwraps_not
        # filled by run(): entries that run on the loop while serving, and start-up ones
        self.loop_entries: list[Invoked] = []
        self.startup: list[Invoked] = []
        # a serving main of a project without an app → the line where it starts serving
        self.server_starts: dict[str, int] = {}
        self._has_starlette: bool | None = None  # (asked by the first fix that needs it)
        self._old_python: bool | None = None  # deployed on Python 3.8 or older (`_portable`)
        self.never_runs = never_runs or NeverRuns(project, root)
        self.shared = SharedReceivers(project, graph)  # memos on what the app keeps

    # ---- reporting ----------------------------------------------------------------------

    def report(
        self,
        code: str,
        at: Location,
        kind: str,
        message: str,
        blocker: str,
        entry: EntryPoint,
        *,
        severity: Severity | None = None,
        chain: tuple = (),
        fix: str = "",
        blocks_loop: bool = False,
        details: dict[str, Any] | None = None,
        root: Root | None = None,
        variant: str = "",
    ) -> bool:
        """Add a finding (its severity the rule's unless given) once per (code, place).
        `root`: its root cause for grouping (None: a group of its own); `variant`: which of
        the rule's kinds of finding it is, as the precedence table names them."""
        key = (code, at.path, at.line, at.column)
        if key in self._reported or self.never_runs.call(
            at.path, at.line, at.column, blocker.rpartition(".")[2]
        ):
            return False
        if any(self.never_runs.line(step.path, step.line) for step in chain[:-1]):
            return False  # (reached through a call that never runs; another path may report it)
        self._reported.add(key)
        finding = Finding(
            code=code,
            kind=kind,
            severity=severity if severity is not None else RULES[code].severity,
            location=at,
            message=shown(message),
            blocker=shown(blocker),
            entry=entry,
            chain=chain,
            fix=self._portable(fix),
            blocks_loop=blocks_loop,
            details=details if details is not None else {},
        )
        self.findings.append(finding)
        if root is not None and "run_in_threadpool" in root.fix:
            root = replace(root, fix=self._portable(root.fix))
        self._roots.append(root)
        self._tags.append(f"{code}/{variant}" if variant else code)
        return True

    def _portable(self, fix: str) -> str:
        """A fix naming Starlette's `run_in_threadpool` fits a project that has Starlette
        (FastAPI's or its own); elsewhere (a Tornado or aiohttp app, a plain asyncio
        library) `asyncio.to_thread` does the same from the standard library — which a
        project deployed on Python 3.8 or older lacks: there, `run_in_threadpool` alone."""
        if "run_in_threadpool" not in fix and "asyncio.to_thread" not in fix:
            return fix
        if self._has_starlette is None:
            self._has_starlette = any(
                imp.level == 0 and imp.module.partition(".")[0] in ("fastapi", "starlette")
                for mod in self.p.unique_modules()
                for imp in (*mod.summary.imports.values(), *mod.summary.star_imports)
            )
        if not self._has_starlette:
            return fix.replace(" or `run_in_threadpool`", "").replace(
                "run_in_threadpool", "asyncio.to_thread"
            )
        if self._old_python is None:  # (`asyncio.to_thread` is Python 3.9's)
            self._old_python = self.root is not None and deployed_before(self.root, (3, 9))
        if self._old_python:
            return fix.replace(" or `run_in_threadpool`", "").replace(
                "asyncio.to_thread", "run_in_threadpool"
            )
        return fix

    # ---- helpers ------------------------------------------------------------------------

    @staticmethod
    def label(inv: Invoked) -> str:
        """How a group counts what it affects: the route, else the entry point itself."""
        return inv.route or f"{inv.name} ({inv.path}:{inv.line})"

    @staticmethod
    def inv_key(inv: Invoked) -> str:
        return inv.key or (inv.funcs[0] if inv.funcs else inv.name)

    @staticmethod
    def site_order(site: Site) -> tuple:
        """Report order of blocking sites: by place; for two at one place (`with e.connect():`
        is a call and an `__enter__`), the call first, then by name. Without the last two keys
        the order of a set decided, which varied from run to run with Python's string hashing."""
        return (site.path, site.line, site.col, site.qn.endswith(".__enter__"), site.qn)

    def entry_point(self, inv: Invoked, context: ExecutionContext | None = None) -> EntryPoint:
        return EntryPoint(inv.name, inv.path, inv.line, context or inv.context, inv.route)

    def chain(self, steps: list[tuple[str, int]], blocker: str | None, site_line: int) -> tuple:
        chain = []
        for gqn, line in steps:
            func = self.p.funcs[gqn]
            chain.append(ChainStep(func.display, func.mod.path, line))
        if blocker is not None and chain:
            chain.append(ChainStep(shown(blocker), chain[-1].path, site_line))
        return tuple(chain)

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
                if i and self.shared.memo_of_kept(caller, e.guard):
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
        """Whether the memos between the entry and `site` cache per argument, so new
        arguments pay again: a cache decorator on a function that takes any besides
        `self`/`cls`, or a guard keyed by them (rules/memo.py `keyed`) — every one of them:
        one that holds a single value (`if _config is None:` in a loader a per-key cache
        calls) makes the call once per process."""
        verdicts = self._memo_kinds(path, site)
        return bool(verdicts) and "one" not in verdicts

    def made_once(self, path: list[tuple[str, int]], site: Site) -> bool:
        """Whether a memoised `site` (`memoised_only`) runs once per process: a memo on the
        way holds a single value — not a get-or-create or a cache keyed by the request's
        data, which each new key or row pays again."""
        kinds = self._memo_kinds(path, site)
        return not kinds or "one" in kinds

    def memo_in_database(self, path: list[tuple[str, int]], site: Site) -> bool:
        """Whether the memos that make `site` run once per key are all get-or-creates (the
        database keeps what a miss made: rules/memo.py `stores_row`), not caches: a later
        request finds the row, and no cache can be warmed."""
        verdicts = self._memo_kinds(path, site)
        return bool(verdicts) and all(v == "row" for v in verdicts)

    def memo_expires(self, path: list[tuple[str, int]], site: Site) -> bool:
        """Whether the memos that make `site` run once are all caches that drop their
        entries after a while (`cachetools.TTLCache`): each expiry pays again. One that
        keeps its entries (`functools.cache` on the prompt loader a TTL-cached engine
        calls) makes the call once per key, whatever expires around it."""
        verdicts = self._memo_kinds(path, site)
        return bool(verdicts) and all(v == "expires" for v in verdicts)

    def _memo_kinds(self, path: list[tuple[str, int]], site: Site) -> list[str]:
        """For each memo on `path` (a guarded call, a cached callee) and around `site`
        itself: "one" (it holds one value), "key" (it caches per argument), "row" (a
        get-or-create, per key) or "expires" (a module cache that drops entries in time)."""
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
        if func is not None and memo is not None:
            at = (site.line, site.col)
            for c in func.fd.calls:
                if (c.line, c.col) != at or c.guard < 0:
                    continue
                if not memo(c.guard) and self.shared.memo_of_kept(site.func, c.guard):
                    memo = graph.memo_guards_of(site.func, shared_self=True) or memo
                if memo(c.guard):
                    found.append(_guard_kind(self.p, func, _memo_test(memo, func.fd, c.guard)))
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
        seen: set[tuple[str, frozenset[str]]] = {(f, NO_NAMES) for f in roots}
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
        per call (`ScriptConfigReader(path).read()` misses every time)."""
        func = self.p.funcs.get(gqn)
        if func is None or not self.p.memoised(func):
            return False
        params = func.fd.params
        if func.class_gqn is not None and params and params[0].name == "self":
            return self.g.singleton(func.class_gqn)
        return True

    def via(self, steps: list[tuple[str, int]]) -> str:
        names = [self.p.funcs[g].display for g, _ in steps]
        if len(names) > 6:
            names = [*names[:3], f"… {len(names) - 5} more …", *names[-2:]]
        return " → ".join(names)

    def describe(self, inv: Invoked) -> str:
        asyncness = "async " if inv.is_async else "sync "
        if inv.role in (Role.CLASS_DEPENDENCY,) or inv.async_by:
            asyncness = ""
        route = f" ({inv.route})" if inv.route else ""
        wrapped = f", a `def` that `@{inv.async_by}` runs as a coroutine" if inv.async_by else ""
        return f"{asyncness}{inv.role.value} `{inv.name}`{route}{wrapped}"

    def routes_using(self, key: str) -> frozenset[str]:
        """Labels of the routes whose endpoint or dependencies include `key`."""
        users = self._users
        if users is None:
            users = self._users = {}
            for route in self.model.routes:
                for inv in [route.endpoint, *route.dependencies]:
                    users.setdefault(self.inv_key(inv), set()).add(route.label)
        return frozenset(users.get(key, ()))

    def app_of(self, inv: Invoked) -> str:
        """The app serving the first route that uses `inv` ("" when unknown)."""
        apps = self._apps
        if apps is None:
            apps = self._apps = {}
            for route in self.model.routes:
                for i in [route.endpoint, *route.dependencies]:
                    apps.setdefault(self.inv_key(i), route.app or "")
        return apps.get(self.inv_key(inv), "")

    # ---- entries ------------------------------------------------------------------------

    def _route_entries(self) -> list[Invoked]:
        entries: list[Invoked] = []
        for route in sorted(self.model.routes, key=lambda r: (r.decorator_path, r.decorator_line)):
            entries.append(route.endpoint)
            entries.extend(route.dependencies)
        return entries

    def _offload_entries(
        self, endpoint_routes: dict[str, str], gqns: set[str] | None = None
    ) -> list[Invoked]:
        """The work the functions resolved so far (or `gqns`) hand off: a task, a thread."""
        resolved_now = (
            list(self.g._resolved.items())
            if gqns is None
            else [(gqn, self.g.resolved(gqn)) for gqn in sorted(gqns)]
        )
        out = []
        for gqn, resolved in resolved_now:
            # (one task a function starts at two lines is one entry, an error path's only
            # where both are)
            handed: dict[tuple[str, str], bool] = {}
            for off in resolved.offloads:
                key = (off.target, off.context)
                handed[key] = handed.get(key, True) and off.on_error
            for (target_gqn, context), on_error in handed.items():
                target = self.p.funcs.get(target_gqn)
                if target is None:
                    continue
                role = OFFLOAD_ROLES.get(context, Role.OFFLOADED)
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
                        on_error=on_error,
                    )
                )
        out.sort(key=lambda i: (i.route is None, i.path, i.line))
        return out

    def reached_functions(self, roots: list[str], mode: str) -> set[str]:
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
        covered = self.reached_functions([f.gqn for f in roots], "loop")
        for func in candidates:
            if func.gqn not in covered:
                roots.append(func)
                covered |= self.reached_functions([func.gqn], "loop")
        return roots

    def _never_served(self, route) -> bool:
        """Whether slowapi's limiter refuses the endpoint's `request` (limited_endpoints.py),
        or a dependency of `route` raises whenever it runs (never_runs.py), or is a
        `@contextmanager` function (FastAPI unwraps it, takes it for a generator dependency
        and iterates the manager it returns: TypeError; before it unwrapped, the endpoint got
        the manager, whose first use fails), and the app overrides none of that name: every
        request fails there, and the endpoint never runs. So with an `async def` endpoint a
        project decorator wraps in a `def` where the FastAPI declared is older than 0.123.5
        (async_decorators.py `sync_decorator`)."""
        never_runs = self.never_runs
        funcs = self.p.funcs
        endpoint = [funcs[f] for f in route.endpoint.funcs[:1]]
        if any(refuses_its_request(self.p, func) for func in endpoint):
            return True
        if any(sync_decorator(self.p, func) for func in endpoint) and self._unwraps_not():
            return True
        return any(
            (never_runs.always_raises(f) or makes_managers(funcs[f]))
            and not never_runs.overridden(funcs[f].fd.name)
            for d in route.dependencies
            for f in d.funcs
        )

    def _unwraps_not(self) -> bool:
        """Whether the apps' dependency files pin FastAPI below 0.123.5, which takes a
        `functools.wraps` wrapper for what it is, not for the function it wraps."""
        if self._old_fastapi is None:
            folders = app_folders([app.path for app in self.model.apps])
            root = self.root
            old = root is not None and declared_below(root, folders, "fastapi", (0, 123, 5))
            self._old_fastapi = bool(old)
        return self._old_fastapi

    def _collect_entries(self) -> None:
        """`loop_entries` (framework entries, work they hand off to the loop, and — without
        an app — coroutines nothing reaches) and `startup` (lifespan, startup/shutdown)."""
        endpoint_routes = {r.endpoint.funcs[0]: r.label for r in self.model.routes}
        routes = self._route_entries()
        others = sorted(
            (i for i in self.model.others if i.role not in _START_OR_STOP),
            key=lambda i: (i.path, i.line),
        )
        startup = sorted(
            (i for i in self.model.others if i.role in _START_OR_STOP),
            key=lambda i: (i.path, i.line),
        )
        framework = [i for i in routes + others if i.context is ExecutionContext.LOOP]
        # resolve what framework and start-up entries reach first, so their offloads (a
        # task lifespan starts, work a route hands to a thread) are known — a `def`
        # endpoint's too (`background_tasks.add_task(scrape)`: a coroutine on the loop)
        for inv in framework + startup:
            for f in inv.funcs:
                self.g.reach(f, "loop")
        for inv in routes + others:
            if inv.context is ExecutionContext.THREADPOOL:
                for f in inv.funcs:
                    self.g.reach(f, "pool")
        offloaded = self._offload_entries(endpoint_routes)
        framework += [i for i in offloaded if i.context is ExecutionContext.LOOP]
        claimed_funcs = {f for i in routes + others + startup + offloaded for f in i.funcs}
        covered = self.reached_functions([f for i in framework + startup for f in i.funcs], "loop")
        # (a stable sort of the chosen functions: the order sorting them all would give)
        candidates = sorted(
            (
                func
                for func in self.p.funcs.values()
                if func.fd.is_async
                and func.gqn not in covered
                and func.gqn not in claimed_funcs
                and not self._flask_view(func)
                and not _pytest_method(func)
            ),
            key=lambda f: (f.mod.path, f.fd.line),
        )
        if self._serves_an_app():
            candidates = []  # an app's findings come from what it serves (docs/check.md)
        commands, servers = (
            command_mains(self.p, self.g, [f.gqn for f in candidates])
            if candidates
            else (set(), {})
        )
        # a terminal UI's handlers are a command's mains too: what they reach is theirs
        commands |= {f.gqn for f in candidates if self._terminal_ui(f)}
        self.server_starts = servers
        if servers:
            starts, tasks = self._server_mains(servers, framework)
            startup += starts
            framework += tasks
        roots = [f for f in self._coroutine_roots(candidates) if f.gqn not in commands]
        coroutines = [_own_entry(func, Role.COROUTINE) for func in _named_roots(self.p, roots)]
        self.loop_entries = framework + coroutines
        self.startup = startup

    def _server_mains(
        self, servers: dict[str, int], framework: list[Invoked]
    ) -> tuple[list[Invoked], list[Invoked]]:
        """A main that starts a server (a project without an app): what it runs before it
        serves is start-up work (an entry of its own; blocking.py splits the main at that
        line), and the tasks it starts run while it serves, as a lifespan's do."""
        starts = [_own_entry(self.p.funcs[gqn], Role.STARTUP) for gqn in servers]
        known = {i.key for i in framework}
        reached = self.reached_functions(list(servers), "loop")
        tasks = [
            i
            for i in self._offload_entries({}, reached)
            if i.context is ExecutionContext.LOOP and i.key not in known
        ]
        return starts, tasks

    def _terminal_ui(self, func: Func) -> bool:
        """A method of a Textual app, screen or widget (`on_mount`, `action_install`): the
        terminal UI calls it on the loop of its own program, a command's, which answers no
        request — not a coroutine a library's users await, nor is what only it reaches."""
        cls = func.class_gqn
        return cls is not None and any(base.startswith("textual.") for base in self.p.mro(cls)[1])

    def _flask_view(self, func: Func) -> bool:
        """An `async def` a Flask app or blueprint routes (`@app.route("/ask")`): Flask runs
        each call in an event loop of its own, in the request's worker thread, so nothing
        else waits on that loop — not an entry of a project without an ASGI app."""
        for ref, _line, _col in func.fd.decorators:
            if ref[0] == "call" and ref[1][0] == "attr" and ref[1][2] in _FLASK_ROUTES:
                value = self.p.value_of(func, ref[1][1])
                if value is not None and value[0] == "inst" and value[1] in _FLASK_APPS:
                    return True
        return False

    def local_database(self) -> LocalDatabase:
        """Whether each app's SQLAlchemy calls reach a SQLite file (asked by UJ001/UJ002's
        kinds and UJ005's round trips)."""
        if self._local_database is None:
            self._local_database = LocalDatabase(self)
        return self._local_database

    def one_request_per_process(self) -> bool:
        """Whether only a Lambda adapter serves the apps (serverless.py): each process then
        serves one request at a time (asked by UJ003's fix and by UJ005/UJ006)."""
        if self._one_request is None:
            folders = app_folders([app.path for app in self.model.apps])
            root = self.root
            self._one_request = root is not None and lambda_only(self.p, root, folders)
        return self._one_request

    def serving_apps(self) -> set[str]:
        """The apps that serve routes, and those that mount them; another app of the project
        (a helper module's stray `app = FastAPI()`) serves no request."""
        if self._serving is None:
            serving = {route.app for route in self.model.routes if route.app is not None}
            grown = True
            while grown:
                outer = {
                    parent[0]
                    for obj in self.model.apps
                    if obj.sym in serving
                    for parent in obj.parents
                }
                grown = not outer <= serving
                serving |= outer
            self._serving = serving
        return self._serving

    def _serves_an_app(self) -> bool:
        """Whether the project has a FastAPI/Starlette app or routes, or serves a Tornado app.
        Then only what the app serves is checked, and an `async def` no entry reaches (a CLI
        script run with `asyncio.run`, test code, a method nothing calls) is not reported as
        if it were on the server's loop; without an app every coroutine is an entry, so plain
        asyncio code is still checked. An aiohttp app is no such proof: most run inside a
        larger program (`web.AppRunner` in its main), whose other coroutines share its loop;
        nor a Litestar one, whose handlers get their services through its dependency
        injection (`Provide`), which is not followed: the coroutines of those services stay
        entries. An app that cannot start (unstartable.py, missing_app.py) still shows the
        code is an app's."""
        model = self.model
        if model.apps or model.routes or model.unstartable or model.missing_app:
            return True
        return any(i.role is Role.TORNADO for i in model.others)

    # ---- the run --------------------------------------------------------------------------

    def _contained(self, family, codes: str) -> None:
        """Run one rule family; if it fails, drop what it reported and record why (its rules
        say nothing on this project), so the other families' findings still reach the user."""
        before, reported = len(self.findings), set(self._reported)
        try:
            family.check(self)
        except Exception as err:
            self._reported = reported
            del self.findings[before:], self._roots[before:], self._tags[before:]
            self.failed.append((f"rules {codes}", err))

    def run(self) -> list[Finding]:
        """Every rule family on the same entries, then the precedence pass, then grouping."""
        self.model.routes = [r for r in self.model.routes if not self._never_served(r)]
        self._collect_entries()
        for family, codes in (
            (blocking, "UJ001, UJ002"),
            (clients, "UJ003"),
            (middleware, "UJ004"),
            (threadpool, "UJ005, UJ006"),
        ):
            self._contained(family, codes)
        keep = kept(
            [
                (tag, f.location.path, f.location.line)
                for tag, f in zip(self._tags, self.findings, strict=True)
            ]
        )
        findings = [f for f, k in zip(self.findings, keep, strict=True) if k]
        roots = [r for r, k in zip(self._roots, keep, strict=True) if k]
        return assign_groups(findings, roots)


def _named_roots(project, roots: list) -> list:
    """The roots, without those no code names where others are named (a registered handler,
    a job handed on, a script's `main`): there, an unnamed one is dead code
    (unnamed_coroutines.py). Where none is named — a scratch file, a module of coroutines
    to be imported elsewhere — each is an entry as before."""
    if not roots:
        return roots
    named = named_anywhere(project)
    kept = [f for f in roots if not unnamed(project, f, named)]
    return kept if kept else roots


def _own_entry(func: Func, role: Role) -> Invoked:
    """An `async def` of a project without an app, as an entry point in `role`."""
    return Invoked(
        (func.gqn,), func.display, role, True, func.mod.path, func.fd.line, None, key=func.gqn
    )


def _pytest_method(func: Func) -> bool:
    """A `test*` method of a `Test*` class (pytest's own naming) is a test wherever its file
    is — a renamed `skip_test_x.py` that pytest no longer collects too — not a coroutine the
    project's users await."""
    cls = func.class_gqn
    return (
        cls is not None
        and cls.rpartition(".")[2].startswith("Test")
        and func.fd.qn.rpartition(".")[2].startswith("test")
    )


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
    return "key" if keyed(fd, index) else "one"


# names the catalogue files a call under that only its users would not recognise: SQLModel's
# Session subclasses SQLAlchemy's and is typed as it, while `exec` is SQLModel's alone
_SHOWN = {"sqlalchemy.orm.Session.exec": "sqlmodel.Session.exec"}


def shown(text: str) -> str:
    """`text` with each such name as its users know it (a whole name: not the start of
    `sqlalchemy.orm.Session.execute`)."""
    for name, known in _SHOWN.items():
        if name in text:
            text = re.sub(rf"{re.escape(name)}(?![\w])", known, text)
    return text
