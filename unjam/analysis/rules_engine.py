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

from unjam.analysis.alias_depends import alias_depended_on
from unjam.analysis.async_decorators import sync_decorator
from unjam.analysis.callgraph import CallGraph, Site
from unjam.analysis.callgraph_records import Offloaded
from unjam.analysis.command_mains import command_mains
from unjam.analysis.declared_versions import app_folders, declared_below
from unjam.analysis.dependency_conditions import DependencyConditions
from unjam.analysis.deployed_python import deployed_before
from unjam.analysis.fastapi_model import FastAPIModel, Invoked
from unjam.analysis.fastapi_records import Route
from unjam.analysis.grouping import Root, assign_groups
from unjam.analysis.inference import makes_managers
from unjam.analysis.limited_endpoints import refuses_its_request
from unjam.analysis.never_runs import NeverRuns
from unjam.analysis.path_conditions import PathConditions
from unjam.analysis.project import Func, Project
from unjam.analysis.refusing_wrappers import refused_by_a_wrapper
from unjam.analysis.rules import RULES, blocking, clients, middleware, threadpool
from unjam.analysis.rules.local_database import LocalDatabase
from unjam.analysis.rules.memo_paths import MemoPaths
from unjam.analysis.rules.precedence import kept
from unjam.analysis.serverless import lambda_only
from unjam.analysis.top_level_imports import FailingImports
from unjam.analysis.unnamed_coroutines import named_anywhere, unnamed
from unjam.model import ChainStep, EntryPoint, ExecutionContext, Finding, Location, Severity
from unjam.semantics import OFFLOAD_ROLES, Role

_START_OR_STOP = (Role.LIFESPAN, Role.STARTUP, Role.SHUTDOWN)
_LOOP_HEADERS = ("for ", "async for ", "while ")
# a test that a client was closed, as written (`if self._client.is_closed:`, `elif session
# is not None and session.closed:`), not that it is open (`not session.closed`)
_CLOSED_TEST = re.compile(r"^\s*(el)?if\b.*(?<!not )\b[\w.]+\.(is_)?closed\b(?!\s*(is|==)\s*False)")
_ALIAS_METHODS = ("HEAD ", "OPTIONS ")  # (a route label's method: what a GET route also is)
# roles whose callable the app registers once, when it is built: a bound method keeps its
# instance for the app's life (not a Tornado handler or a class dependency, made per request)
_REGISTERED_ONCE = frozenset(
    {
        Role.ENDPOINT,
        Role.WEBSOCKET,
        Role.DEPENDENCY,
        Role.CALLABLE_DEPENDENCY,
        Role.EXCEPTION_HANDLER,
        Role.HTTP_MIDDLEWARE,
        Role.ASGI_MIDDLEWARE,
        *_START_OR_STOP,
    }
)
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
        unimportable: FailingImports | None = None,
    ):
        self.p = project
        # (a library's modules that cannot import: no caller runs their coroutines)
        self._unimportable = unimportable
        self.root = root  # the folder checked: its dependency files say which pool runs sync code
        self.g = graph
        self.model = model
        self.findings: list[Finding] = []
        # (code, path, line, column) → the index of the finding reported there
        self._reported: dict[tuple[str, str, int, int], int] = {}
        self._roots: list[Root | None] = []  # finding i's root cause (grouping)
        self._tags: list[str] = []  # finding i's tag, for the precedence pass
        self.failed: list[tuple[str, Exception]] = []  # (rule family, its error): not checked
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
        # work handed off (a task, a thread) → the routes that hand it off, when several do
        self._started_by: dict[tuple[str, Role], tuple[str, ...]] = {}
        self._has_starlette: bool | None = None  # (asked by the first fix that needs it)
        self._old_python: bool | None = None  # deployed on Python 3.8 or older (`_portable`)
        self.never_runs = never_runs or NeverRuns(project, root)
        self.memos = MemoPaths(project, graph)  # which sites run once: memos on the way
        # the modules' texts, each read once for the rules that need them (NeverRuns' own)
        self.trees = self.never_runs.trees
        # under what test a router adds a dependency or is included (read when asked)
        self.conditions = DependencyConditions(project, self.trees)
        # a chain `chain()` made → the `def` line of each function on it (path_conditions.py)
        self._def_lines: dict[tuple, tuple[int, ...]] = {}
        self._conditions = PathConditions(root)  # the tests each finding's path runs under

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
        earlier = self._reported.get(key)
        if earlier is not None:
            self._also_affects(earlier, root)
            return False
        if self.never_runs.call(at.path, at.line, at.column, blocker.rpartition(".")[2]):
            return False
        if any(self.never_runs.line(step.path, step.line) for step in chain[:-1]):
            return False  # (reached through a call that never runs; another path may report it)
        self._reported[key] = len(self.findings)
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

    def _also_affects(self, index: int, root: Root | None) -> None:
        """Finding `index` reached again from other routes (a second endpoint that builds
        the same client): printed once, its group counts them too."""
        first = self._roots[index]
        if first is not None and root is not None and not root.affects <= first.affects:
            self._roots[index] = replace(first, affects=first.affects | root.affects)

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
        """How a group counts what it affects: the route, else the entry point itself, with
        its place — two routes on routers whose prefixes are unknown read alike (`POST
        …/plans/switch` for the user's and the admin's) and are still two."""
        return f"{inv.route or inv.name} ({inv.path}:{inv.line})"

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
        funcs = self.p.funcs
        for i, (gqn, line) in enumerate(steps):
            func = funcs[gqn]
            if line == func.fd.line and i + 1 < len(steps):
                line = self._property_read(func, funcs[steps[i + 1][0]]) or line
            chain.append(ChainStep(func.display, func.mod.path, line))
        if blocker is not None and chain:
            chain.append(ChainStep(shown(blocker), chain[-1].path, site_line))
        made = tuple(chain)
        self._def_lines[made] = tuple(self.p.funcs[gqn].fd.line for gqn, _ in steps)
        return made

    def _property_read(self, func: Func, getter: Func) -> int | None:
        """Where `func` reads the property `getter` serves: the call graph places a read in
        a local's or a return's value at the `def` line (the summary keeps no line for it),
        so the text is searched for the first `.name` read."""
        if not self.p.is_property(getter):
            return None
        return self._conditions.lines.attribute_read(func.mod.path, func.fd.line, getter.fd.name)

    def runs_in_a_loop(self, func: Func, line: int) -> bool:
        """Whether line `line` of `func` sits in a `for` or `while` block of it (read from
        the text: the summary keeps no loop for a call)."""
        headers = self._conditions.lines.enclosing(func.mod.path, func.fd.line, line)
        return any(text.lstrip().startswith(_LOOP_HEADERS) for text in headers)

    def rebuilt_when_closed(self, chain: tuple) -> bool:
        """Whether a call on the path `chain` (made by `chain()`) sits under a test that the
        client it replaces was closed: what it builds is built again after each close (a
        pool's idle timeout, a network drop), not on every request."""
        firsts = self._def_lines.get(chain, ())
        lines = self._conditions.lines
        return any(
            _CLOSED_TEST.match(text)
            for step, first in zip(chain, firsts, strict=False)
            for text in lines.enclosing(step.path, first, step.line)
        )

    def runs_under_tests(self, chain: tuple) -> bool:
        """Whether the path `chain` (made by `chain()`) runs under some `if`, `else` or
        `except` (path_conditions.py): then not every request takes it."""
        return bool(self._conditions.of_chain(chain, self._def_lines.get(chain, ())))

    def via(self, steps: list[tuple[str, int]]) -> str:
        names = [self.p.funcs[g].display for g, _ in steps]
        if len(names) > 6:
            names = [*names[:3], f"… {len(names) - 5} more …", *names[-2:]]
        return " → ".join(names)

    def describe(self, inv: Invoked) -> str:
        asyncness = "async " if inv.is_async else "sync "
        if inv.role in (Role.CLASS_DEPENDENCY,) or inv.async_by:
            asyncness = ""
        # (a dependency, or a route, only some deployments run)
        added = self.conditions.text(inv.served_when) or self.conditions.text(inv.condition)
        started = self._started_by.get((inv.key, inv.role), ())
        # (a task several routes start: which of them takes a path is the data's to say)
        route = _started_text(started) if len(started) > 1 else inv.route
        where = "; ".join(part for part in (route, added and f"only {added}") if part)
        route = f" ({where})" if where else ""
        wrapped = f", a `def` that `@{inv.async_by}` runs as a coroutine" if inv.async_by else ""
        return f"{asyncness}{inv.role.value} `{inv.name}`{route}{wrapped}"

    def routes_using(self, key: str) -> frozenset[str]:
        """Labels of the routes whose endpoint or dependencies include `key`."""
        users = self._users
        if users is None:
            users = self._users = {}
            for route in self.model.routes:
                for inv in [route.endpoint, *route.dependencies]:
                    users.setdefault(self.inv_key(inv), set()).add(self.label(route.endpoint))
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
        """The routes' endpoints and dependencies, in source order; an endpoint registered
        for several methods comes in once per registration, its HEAD (or OPTIONS) one last,
        so that a finding several reach names the GET: a HEAD handler often returns early
        (`if request.method == "HEAD": return Response(...)`)."""
        first: dict[tuple[str, str], int] = {}
        for route in self.model.routes:
            key = (route.decorator_path, route.endpoint.funcs[0])
            first[key] = min(first.get(key, route.decorator_line), route.decorator_line)

        def order(route: Route) -> tuple[str, int, bool, int]:
            key = (route.decorator_path, route.endpoint.funcs[0])
            alias = route.label.startswith(_ALIAS_METHODS)
            return (route.decorator_path, first[key], alias, route.decorator_line)

        entries: list[Invoked] = []
        for route in sorted(self.model.routes, key=order):
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
            # where both are, one started under a test only where it is started once)
            handed: dict[tuple[str, str], list[Offloaded]] = {}
            for off in resolved.offloads:
                handed.setdefault((off.target, off.context), []).append(off)
            module = self.p.funcs[gqn].mod.name if gqn in self.p.funcs else ""
            for (target_gqn, context), offs in handed.items():
                target = self.p.funcs.get(target_gqn)
                if target is None:
                    continue
                on_error = all(off.on_error for off in offs)
                once = len(offs) == 1 and module
                started = ("at", module, offs[0].line, offs[0].col) if once else ()
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
                        condition=started,
                    )
                )
        out.sort(key=lambda i: (i.route is None, i.path, i.line))
        return out

    def _handed_on(self, offloaded: list[Invoked]) -> list[Invoked]:
        """The work that handed-off work hands off in turn, to any depth: a task start-up
        creates that adds scheduler jobs (`asyncio.create_task(start_jobs())`, then
        `scheduler.add_job(poll)`), a thread that starts another. Those functions were not
        resolved when the first hand-offs were collected: nothing calls them directly."""
        known = {(i.key, i.role) for i in offloaded}
        out: list[Invoked] = []
        reached: set[str] = set()
        frontier = offloaded
        while frontier:
            found = self.reached_functions([f for i in frontier for f in i.funcs], "loop")
            new = found - reached
            reached |= found
            starters = _one_route_each({}, frontier)  # (a streamed generator's route)
            handed = self._offload_entries(starters, new)
            frontier = [i for i in handed if (i.key, i.role) not in known]
            known.update((i.key, i.role) for i in frontier)
            out += frontier
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

    def _served(self, route) -> bool:
        """Whether the route's endpoint may run: not when FastAPI answers every request 422
        first, the endpoint or a dependency handing `Depends` an `Annotated` alias (noted on
        the model: alias_depends.py), nor when `_never_served` says so."""
        funcs = self.p.funcs
        for gqn in (*route.endpoint.funcs[:1], *(f for d in route.dependencies for f in d.funcs)):
            func = funcs[gqn]
            alias = alias_depended_on(self.p, func)
            if alias:
                self.model.refused.append((func.mod.path, func.fd.line, alias, route.label))
                return False
        return not self._never_served(route)

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
        if any(
            refuses_its_request(self.p, func) or refused_by_a_wrapper(self.p, func, self.trees)
            for func in endpoint
        ):
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
        starters = _one_route_each(endpoint_routes, routes + others + offloaded)
        if len(starters) > len(endpoint_routes):
            offloaded = self._offload_entries(starters)
        offloaded += self._handed_on(offloaded)
        self._started_by = _started_by(offloaded)
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
                and not (self._unimportable and self._unimportable.fails(func.mod))
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
        commands |= {f.gqn for f in candidates if self._terminal_ui(f) or self._asks_at_terminal(f)}
        self.server_starts = servers
        if servers:
            starts, tasks = self._server_mains(servers, framework)
            startup += starts
            framework += tasks
        run_by_commands = self._run_by(commands) if commands else set()
        roots = [f for f in self._coroutine_roots(candidates) if f.gqn not in run_by_commands]
        coroutines = [_own_entry(func, Role.COROUTINE) for func in _named_roots(self.p, roots)]
        self.memos.shared.held_by_caller = frozenset(
            inv.funcs[0] for inv in coroutines if self.p.funcs[inv.funcs[0]].class_gqn is not None
        ) | frozenset(inv.funcs[0] for inv in framework + startup if self._bound_once(inv))
        self.loop_entries = framework + coroutines
        self.startup = startup

    def _run_by(self, commands: set[str]) -> set[str]:
        """The commands' mains, what they reach, and the tasks and threads that code starts,
        with what those reach in turn: a command's own work, which answers no request (an
        exporter's `asyncio.create_task(write_question(q))` under a script's `main`)."""
        run: set[str] = set()
        starts = sorted(commands)
        while starts:
            reached = self.reached_functions(starts, "loop")
            run |= reached
            handed = {off.target for gqn in reached for off in self.g.resolved(gqn).offloads}
            starts = sorted(handed - run)
        return run

    def _bound_once(self, inv: Invoked) -> bool:
        """Whether `inv` is a method the app registered bound to one instance (`Route(
        "/invocations", self._handle_invocation)`, `Depends(self.current_user)`, a middleware's
        `dispatch`): every call runs on that instance, which lives as long as the app."""
        if inv.role not in _REGISTERED_ONCE:
            return False
        fd = self.p.funcs[inv.funcs[0]].fd
        return (
            fd.class_qn is not None
            and fd.name not in ("__init__", "__new__")
            and bool(fd.params)
            and fd.params[0].name == "self"
        )

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

    def _asks_at_terminal(self, func: Func) -> bool:
        """A coroutine that itself reads the terminal (`input("Choice: ")`: crawl4ai's
        `BrowserProfiler.interactive_manager` menu): a console program's, whose loop waits on
        the one person typing, not a coroutine a library's users await while serving — nor
        is what only it reaches."""
        return any(site.qn == "builtins.input" for site in self.g.resolved(func.gqn).blocking)

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
        before, reported, roots = len(self.findings), dict(self._reported), list(self._roots)
        try:
            family.check(self)
        except Exception as err:
            self._reported, self._roots = reported, roots
            del self.findings[before:], self._tags[before:]
            self.failed.append((f"rules {codes}", err))

    def run(self) -> list[Finding]:
        """Every rule family on the same entries, then the precedence pass, then grouping."""
        self.model.routes = [r for r in self.model.routes if self._served(r)]
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
        findings = self._conditions.add_to(findings, self._def_lines)
        return assign_groups(findings, roots)


def _started_by(offloaded: list[Invoked]) -> dict[tuple[str, Role], tuple[str, ...]]:
    """(key, role) of each piece of handed-off work → the routes that hand it off, in order."""
    found: dict[tuple[str, Role], list[str]] = {}
    for inv in offloaded:
        routes = found.setdefault((inv.key, inv.role), [])
        if inv.route and inv.route not in routes:
            routes.append(inv.route)
    return {key: tuple(routes) for key, routes in found.items() if len(routes) > 1}


def _one_route_each(endpoints: dict[str, str], entries: list[Invoked]) -> dict[str, str]:
    """Function → the route it serves: each endpoint's, and that of a function only one
    route's entries run (its own dependency, the generator it streams), so that a task
    started there is labelled with that route, as one the endpoint starts is."""
    found: dict[str, set[str]] = {}
    for inv in entries:
        for f in inv.funcs if inv.route else ():
            found.setdefault(f, set()).add(inv.route or "")
    served = {f: next(iter(labels)) for f, labels in found.items() if len(labels) == 1}
    return {**served, **endpoints}


def _started_text(routes: tuple[str, ...]) -> str:
    """`started by POST /a, POST /b and POST /c` (at most three named)."""
    if len(routes) > 3:
        return f"started by {routes[0]} and {len(routes) - 1} other routes"
    return f"started by {', '.join(routes[:-1])} and {routes[-1]}"


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
