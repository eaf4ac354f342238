"""UJ005 and UJ006: the thread pool FastAPI runs sync code in. UJ005: a sync piece holds a
token through a network call, or a route makes many trips through the pool per request;
UJ006: an app that uses the pool keeps its default size (anyio's limiter, or asyncio's
executor under a FastAPI before 0.69: pools.py). Pages: UJ005.md, UJ006.md.

A network call already reported as UJ001–UJ003 is not reported again for the token it
holds (rules/precedence.py).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING

from unjam.analysis.cadwyn_routes import cadwyn_trips
from unjam.analysis.declared_versions import app_folders
from unjam.analysis.grouping import Root
from unjam.analysis.route_trips import (
    cached_endpoint,
    receives_files,
    sent_through_the_pool,
    validates_response,
)
from unjam.analysis.rules.light_pieces import LightPieces
from unjam.analysis.rules.pools import ANYIO, Pool, pool_of, resize, without_engines
from unjam.analysis.rules.rule import Rule
from unjam.analysis.summary import last_name
from unjam.model import EntryPoint, ExecutionContext, Location, Severity
from unjam.semantics import Role

if TYPE_CHECKING:
    from unjam.analysis.callgraph import Site
    from unjam.analysis.fastapi_model import Invoked, Route
    from unjam.analysis.project import Func, Project
    from unjam.analysis.rules_engine import RulesEngine

RULES = (
    Rule(
        "UJ005",
        "threadpool-pressure",
        Severity.WARNING,
        "A sync piece holds a thread-pool token through a network call, or a route makes "
        "many trips through the thread pool per request.",
    ),
    Rule(
        "UJ006",
        "threadpool-default-limit",
        Severity.INFO,
        "The app's sync pieces block in the thread pool, and it keeps anyio's default limit of "
        "40 tokens.",
    ),
)

# UJ005 notes a route's sync pieces from this many on: each is one trip through the token
# queue (see _pool_trips); one or two are how every sync FastAPI route works.
_MANY_TRIPS = 3
# Starlette's multipart parser spools an uploaded file past 1 MiB to disk, each chunk written
# through the pool (an `await file.read()` of it is one more trip too)
_UPLOAD_CLAUSE = (
    "; an uploaded file past 1 MiB adds a trip per chunk written to its temporary file as the "
    "request is parsed"
)
# the APIs that run a function after the response is sent (Starlette's background tasks)
_BACKGROUND_APIS = ("starlette.background.",)
# what an async endpoint hands to the default limiter's pool itself (not with `limiter=`)
_POOL_HAND_OFFS = frozenset(("starlette.concurrency.run_in_threadpool", "anyio.to_thread.run_sync"))
# what a returned response adds as Starlette sends it (route_trips.sent_through_the_pool)
_SENT_CLAUSES = {
    "FileResponse": (
        "; then the FileResponse it returns, which Starlette reads through the pool as it "
        "sends it, a trip per 64 KiB"
    ),
    "StreamingResponse": (
        "; then the StreamingResponse it returns, whose sync iterable Starlette iterates "
        "through the pool as it sends it, a trip per chunk"
    ),
}
# file-system calls that read or change metadata only: microseconds on a local disk
_METADATA = frozenset(
    {"os.makedirs", "os.remove", "os.unlink"}
    | {
        f"pathlib.Path.{name}"
        for name in (
            *("exists", "is_dir", "is_file", "is_symlink", "stat", "lstat", "mkdir"),
            *("unlink", "touch", "rmdir", "chmod", "rename", "replace"),
        )
    }
)


def _waits(sites: frozenset[Site] | set[Site]) -> bool:
    """Whether some of the blocking calls wait (on the network, a file, a sleep, a lock, a
    process) rather than compute: more tokens let more requests wait at once, while CPU-heavy
    work (a bcrypt hash) is bounded by the cores, whatever the limit, and a file's metadata
    (`os.makedirs(d, exist_ok=True)`, `path.exists()`) holds a token for microseconds."""
    return any(_waits_at(site) for site in sites)


def _waits_at(site: Site) -> bool:
    return site.entry.kind != "cpu" and site.qn not in _METADATA


def _round_trips(sites: list[Site]) -> str:
    """`at least one network round trip (`Session.scalar`)`, or `network calls (4 or more
    places on its paths: this `Session.scalar`, `Session.execute`)`: the finding stands at
    the first site. The places are counted, not the calls a request makes: a branch may skip
    some, a loop repeat one; and only the places unjam sees: a relationship an ORM loads
    lazily when it is read, a library's own calls, are more."""
    names = [sites[0].qn]
    for site in sites:
        if site.qn not in names:
            names.append(site.qn)
    if len(sites) == 1:
        return f"at least one network round trip (`{names[0]}`)"
    if len(names) == 1:
        return f"network calls (`{names[0]}`, at {len(sites)} or more places on its paths)"
    shown = ", ".join(f"`{name}`" for name in names[1:3]) + (", …" if len(names) > 3 else "")
    return f"network calls ({len(sites)} or more places on its paths: this `{names[0]}`" + (
        f", {shown})" if shown else ")"
    )


# (a dependency factory with a `return Depends(...)` per branch: which one runs, unjam does
# not pick, nor count what that one depends on)
_UNPICKED = (
    "; `{}(...)` returns one of several dependencies, and the sync ones the chosen one "
    "depends on are not counted"
)


def check(engine: RulesEngine) -> None:
    ThreadPool(engine).threadpool()


def _sizes_pool(project: Project, pool: Pool) -> list[tuple[str, str]]:
    """The places that size the pool, in project order, as (the file, the function and its
    line as the fix names them): UJ005's network note and UJ006 are silent once there is
    one, and UJ005's trips note points at the one in the app's folder. For anyio's limiter,
    a store into the default one's capacity (`to_thread.current_default_thread_limiter()
    .total_tokens = …`, also through a local): not a `total_tokens` of another kind (a
    limiter of the project's own, an LLM reply's token count); for the executor, a call of
    `set_default_executor`."""
    if pool.raised_by == "set_default_executor":
        sites = project.sites_named("set_default_executor")
        return [
            (func.mod.path, f"`{func.display}` ({func.mod.path}:{site.line})")
            for func, site in sites
        ]
    return [
        (func.mod.path, f"`{func.display}` ({func.mod.path}:{func.fd.line})")
        for func in project.funcs.values()
        for base, attr, _value in func.fd.attr_stores
        if attr == pool.raised_by and _default_limiter_ref(func, base)
    ]


def _beside(path: str, app_path: str) -> bool:
    """Whether `path` is in the app's folder (or below): code of that service, not of
    another app the repository also holds."""
    folder = app_path.rpartition("/")[0]
    return not folder or path.startswith(folder + "/")


def _default_limiter_ref(func: Func, base: tuple) -> bool:
    """`to_thread.current_default_thread_limiter()`, or a local bound only to it."""
    values = func.fd.locals.get(base[1], []) if base[0] == "name" else [base]
    return bool(values) and all(
        value[0] == "call" and last_name(value[1]) == "current_default_thread_limiter"
        for value in values
    )


class ThreadPool:
    def __init__(self, engine: RulesEngine) -> None:
        self.e = engine
        self.p = engine.p
        self.g = engine.g
        self.model = engine.model
        # what the dependency files beside the apps say: which pool runs sync code, and
        # whether a database URL from the environment can only be SQLite's
        folders = app_folders([app.path for app in engine.model.apps])
        root = engine.root
        self.pool = ANYIO if root is None else pool_of(root, folders)
        if not engine.p.sites_named("create_engine"):  # (no engine: its sizes are no example)
            self.pool = without_engines(self.pool)
        self.sized_by = _sizes_pool(engine.p, self.pool)
        # (under a Lambda adapter a process serves one request at a time: no pool to share)
        self.one_request = engine.one_request_per_process()
        # SQLAlchemy calls that reach a local SQLite file, not the network
        self.local = engine.local_database()
        self.light = LightPieces(engine.p, engine.g, engine.root)
        self._pools: dict[str, Pool] = {}  # app sym → its pool (`_pool`)

    def _pool(self, app: str | None) -> Pool:
        """The pool of one app, from the dependency files beside it and above (two services
        of a repository may pin different FastAPI versions); the project's when the app is
        not known."""
        root = self.e.root
        obj = next((a for a in self.model.apps if a.sym == app), None) if app else None
        if root is None or obj is None:
            return self.pool
        known = self._pools.get(obj.sym)
        if known is None:
            known = pool_of(root, app_folders([obj.path]))
            if self.local.engines_loaded(obj) is None:
                known = without_engines(known)
            self._pools[obj.sym] = known
        return known

    def threadpool(self) -> None:
        if self.one_request:
            return
        routes = sorted(self.model.routes, key=lambda r: (r.decorator_path, r.decorator_line))
        for route in routes:
            self._pool_trips(route)
        if not self.sized_by:
            for route in routes:
                for inv in [route.endpoint, *route.dependencies]:
                    if inv.token:
                        self._pool_network(inv)
            self._default_limiter(routes)

    def _pool_trips(self, route: Route) -> None:
        """A route with many sync pieces. FastAPI runs them one after another, each borrowing
        a token and returning it before the next starts (a sync generator's exit runs under a
        limiter made for it alone), so they set no ceiling on concurrent requests; what they cost is
        one trip through the token queue each, which means waiting only once the pool is
        saturated — worth a note, not a warning, and only when there are several."""
        # (an endpoint a response cache wraps runs in the pool on a miss only)
        cached = cached_endpoint(self.p, route)
        pieces = [i for i in [*route.dependencies, route.endpoint] if i.token]
        pieces = [i for i in pieces if not (cached and i is route.endpoint)]
        handed = self._handed_to_the_pool(route)
        # (under Cadwyn: its version dependency, and each sync dependency solved twice)
        sync_deps = [i.name for i in pieces if i is not route.endpoint]
        again, cadwyn = cadwyn_trips(sync_deps) if route.cadwyn else (0, "")
        if len(pieces) + len(handed) + again < _MANY_TRIPS:
            return
        # (the validation is counted, not weighed: one dependency, the endpoint and the
        # validation are how an ordinary sync route runs)
        pool = self._pool(route.app)
        sized = self._sized_for(route.app)  # (where the app's own code sizes it, if it does)
        # (an endpoint that raises whenever it runs returns nothing to validate)
        validation = (
            not cached
            and not route.cadwyn  # (its wrapper is a coroutine: validated on the loop)
            and validates_response(self.p, route, not pool.annotations_unread)
            and not any(self.e.never_runs.always_raises(f) for f in route.endpoint.funcs)
        )
        exits = _generators(self.p, pieces) if pool.shared_exits else []
        # (a hand-off in a loop makes one trip per item, none for an empty one: the count
        # is a floor without it)
        per_item = sum(1 for _text, looped in handed if looped)
        trips = len(pieces) + len(handed) - per_item + validation + len(exits) + again
        # (a piece a router adds only under a test, `if auth_enabled`: the count is a range)
        added_when = [self.e.conditions.text(i.condition) for i in pieces]
        # (Cadwyn solves such a dependency twice: two trips only then)
        always = trips - sum(1 for when in added_when if when) * (2 if route.cadwyn else 1)
        count = f"{always}–{trips}" if always < trips else str(trips)
        # (a route that makes many trips only when its routers' tests hold: a group apart)
        reached_when = tuple(sorted({w for w in added_when if w})) if always < _MANY_TRIPS else ()
        names = ", ".join(
            f"`{i.name}`" + (f" {when}" if when else "")
            for i, when in zip(pieces, added_when, strict=True)
        )
        if handed:
            names += (", then " if names else "") + ", ".join(
                text + (" (in a loop: one per item)" if looped else "") for text, looped in handed
            )
        if validation:
            names += ", then its response model's validation"
        if cached:
            names += f"; `{route.endpoint.name}` itself too on a cache miss only"
        if exits:
            names += _exits_counted(exits, pool.shared_exits)
        else:
            names += self._exits_elsewhere(pieces)
        # (what a dependency unjam cannot see into runs is not counted: the count is a floor,
        # and so it is where a returned file or sync stream is sent through the pool)
        sent = sent_through_the_pool(self.p, route)
        uploads = receives_files(self.p, route)
        at_least = (
            "at least " if route.unseen_dependencies or sent or uploads or again or per_item else ""
        )
        unseen = (
            _UNPICKED.format(route.unpicked)
            if route.unpicked
            else "; a dependency unjam cannot see into may add more"
            if route.unseen_dependencies
            else ""
        )
        unseen += cadwyn + (_UPLOAD_CLAUSE if uploads else "")
        unseen += _SENT_CLAUSES.get(sent, "")
        deps = [i for i in route.dependencies if i.token]
        # (the project's own: an outside class, `AuthJWT`, is not the one to change)
        own = [d for d in deps if d.funcs] or deps
        shared = max(own, key=lambda d: len(self.e.routes_using(self.e.inv_key(d))), default=None)
        self.e.report(
            "UJ005",
            Location(route.decorator_path, route.decorator_line, route.decorator_col),
            "threadpool",
            (
                f"{route.label} makes {at_least}{count} trips through the thread pool per "
                f"request ({names}{unseen}), one after another: no ceiling on concurrent "
                f"requests, but once the pool is saturated a request waits for a "
                f"{pool.unit} {at_least}{count} times"
                + (f" ({_after_response(exits)})" if exits else "")
                + _background_clause(self._sync_background_tasks(route))
            ),
            "thread-pool trips",
            self.e.entry_point(route.endpoint),
            severity=Severity.INFO,
            fix=f"{self._trips_fix(pieces, validation)}; if the pool saturates, "
            + (resize(pool, sized) if sized else pool.fix),
            details={"sync_pieces": [i.name for i in pieces], "validates_response": validation},
            # grouped by the sync dependency most routes share (an app- or router-level one,
            # typically authentication): the one whose change helps every route of the group
            root=Root(
                ("trips", self.e.inv_key(shared), reached_when),
                f"routes with sync {shared.role.value} `{shared.name}` make {_MANY_TRIPS} or "
                "more thread-pool trips per request"
                + (f" {' and '.join(reached_when)}" if reached_when else ""),
                frozenset([self.e.label(route.endpoint)]),
            )
            if shared is not None
            else None,
        )

    def _sized_for(self, app: str | None) -> str:
        """The place that sizes the default limiter in the app's own code, "" for none."""
        obj = next((a for a in self.model.apps if a.sym == app), None) if app else None
        return next(
            (named for path, named in self.sized_by if obj is None or _beside(path, obj.path)),
            "",
        )

    def _handed_to_the_pool(self, route: Route) -> list[tuple[str, bool]]:
        """What an `async def` endpoint hands to the default pool itself, outside any test
        (`await run_in_threadpool(_delete_sync)`, `await anyio.to_thread.run_sync(f)`): one
        more trip each, under the same limiter (or one per item, in a loop: the bool)."""
        endpoint = route.endpoint
        func = self.p.funcs.get(endpoint.funcs[0]) if endpoint.funcs else None
        if func is None or not func.fd.is_async:
            return []
        unguarded = {
            (c.line, c.col)
            for c in func.fd.calls
            if c.guard < 0 and all(key != "limiter" for key, _value in c.kwargs)
        }
        found = []
        for off in self.e.g.resolved(func.gqn).offloads:
            if off.qn in _POOL_HAND_OFFS and (off.line, off.col) in unguarded:
                target = self.p.funcs.get(off.target)
                name = target.display if target is not None else off.target
                looped = self.e.runs_in_a_loop(func, off.line)
                found.append((f"its `{off.qn.rpartition('.')[2]}({name})`", looped))
        return found

    def _memoised(self, inv: Invoked, site: Site, paths: dict) -> bool:
        return self.e.memos.memoised_only(inv, site, paths.get(site) or [(site.func, site.line)])

    def _sync_background_tasks(self, route: Route) -> list[str]:
        """The sync functions the route's code may hand to `BackgroundTasks.add_task` (or a
        `BackgroundTask`), directly or through the functions it calls: Starlette runs each
        in the thread pool, under the default limiter, after the response is sent."""
        roots = [gqn for inv in (*route.dependencies, route.endpoint) for gqn in inv.funcs]
        graph, funcs = self.e.g, self.p.funcs
        found: dict[str, str] = {}
        for gqn in sorted(self.e.reached_functions(roots, "loop")):
            for off in graph.resolved(gqn).offloads:
                target = funcs.get(off.target)
                if off.qn.startswith(_BACKGROUND_APIS) and target and not target.fd.is_async:
                    found.setdefault(target.gqn, target.display)
        return list(found.values())

    def _exits_elsewhere(self, pieces: list[Invoked]) -> str:
        """The clause on sync generator dependencies: FastAPI runs each one's exit in a worker
        thread too, one more trip that waits for no token of the default limiter (it gets
        a limiter of its own since FastAPI 0.82, fastapi#5122), so it is named, not counted."""
        generators = _generators(self.p, pieces)
        if not generators:
            return ""
        whose = _names(generators)
        return (
            f"; {whose}'s exit after `yield` runs in a worker thread too, under a limiter of "
            "its own since FastAPI 0.82"
            if len(generators) == 1
            else f"; the exits of {whose} after `yield` run in worker threads too, under "
            "limiters of their own since FastAPI 0.82"
        )

    def _trips_fix(self, pieces: list[Invoked], validation: bool) -> str:
        """Make the light sync pieces `async def` (dependencies, and the endpoint: an empty
        `logout`), else fold the dependencies into fewer. Not an endpoint whose response
        FastAPI validates: for an `async def` it does so on the loop, where reading what it
        returns may load an ORM object's relationships from the database. Not a dependency
        under a cache decorator either: on an `async def`, `@lru_cache` keeps the coroutine,
        which a second request cannot await; what it caches is made once instead."""
        cached = [d for d in pieces if d.cached]
        light = [
            d
            for d in pieces
            if d not in cached
            and self.light.could_be_async(d)
            and not (validation and d.role is Role.ENDPOINT)
        ]
        built = [d for d in pieces if d not in cached and self.light.could_be_built_async(d)]
        fixes = []
        if light:
            fixes.append(
                f"make {_names(light)} `async def`: "
                + ("it calls" if len(light) == 1 else "they call")
                + " nothing that blocks, and on the loop "
                + ("it needs" if len(light) == 1 else "they need")
                + " no trip"
            )
        if built:
            fixes.append(_built_async_fix(built))
        if cached:
            fixes.append(
                f"make what {_names(cached)} "
                + ("caches" if len(cached) == 1 else "cache")
                + " once, at start-up, and return it from an `async def` dependency (an "
                "`async def` under `@lru_cache` caches a coroutine, which only the first "
                "request can await)"
            )
        if not fixes:
            return "fold the sync dependencies into fewer `def` functions (one trip each)"
        return "; ".join(fixes)

    def _blocks_in_pool(self, route: Route) -> bool:
        """Whether a sync piece of `route` waits in a blocking call while it holds a token of
        the default limiter: a sync generator dependency's code after its `yield` runs
        under a limiter FastAPI makes for that one exit, not the default one; a call made
        once per process (`if database is None: init_database()`), or in the body of an
        `lru_cache`d dependency (`Depends(get_settings)`: later requests get the kept
        value), holds no token per request. A SQLite database's queries do not count: a
        larger limiter lets more of them queue for the file's lock, as UJ005 does not count
        them as round trips."""
        return any(
            self._waits_per_request(inv, f, route.app or "")
            for inv in (route.endpoint, *route.dependencies)
            if inv.token and not inv.cached
            for f in inv.funcs
        )

    def _waits_per_request(self, inv: Invoked, gqn: str, app: str) -> bool:
        sites = [
            s
            for s in self._under_token(gqn)
            if _waits_at(s) and not self._on_sqlite(s, app) and not self.e.never_runs.site(s)
        ]
        if not sites:
            return False
        paths = self.g.paths(gqn, sites, "pool")
        return any(
            not self.e.memos.memoised_only(inv, s, steps) and not self._through_a_dead_call(steps)
            for s in sites
            for steps in [paths.get(s) or [(s.func, s.line)]]
        )

    def _through_a_dead_call(self, steps: list[tuple[str, int]]) -> bool:
        """Whether the path calls on through a call that never runs (`get_payments(db, …)`
        where nothing binds `db`: NameError before the call)."""
        funcs = self.p.funcs
        return any(
            self.e.never_runs.line(funcs[gqn].mod.path, line)
            for gqn, line in steps[:-1]
            if gqn in funcs
        )

    def _under_token(self, gqn: str) -> frozenset[Site] | set[Site]:
        """The blocking sites a sync piece reaches while it holds a default-limiter token:
        all it reaches, but a generator's code after its `yield` (its exit)."""
        func = self.p.funcs.get(gqn)
        after = func.fd.after_yield if func is not None and func.fd.is_generator else ()
        return self.g.reach_outside(gqn, "pool", after)

    def _over_network(self, site: Site, app: str = "") -> bool:
        return site.entry.kind == "network" and not self.local.reaches(site, app)

    def _on_sqlite(self, site: Site, app: str) -> bool:
        """Whether the call queries a SQLite database: `sqlite3`'s, or SQLAlchemy's (or
        alembic's migrations of it) where the program's engines are all SQLite's."""
        return site.qn.startswith("sqlite3.") or self.local.reaches(site, app)

    def _pool_network(self, inv: Invoked) -> None:
        """One finding per sync piece whose calls wait on the network in the pool, at its
        first such call: the token is the piece's, however many round trips it makes."""
        for f in inv.funcs:
            app = self.e.app_of(inv)
            pool = self._pool(app)
            sites = sorted(
                (
                    s
                    for s in self._under_token(f)
                    if self._over_network(s, app) and not self.e.never_runs.site(s)
                ),
                key=self.e.site_order,
            )
            paths = self.g.paths(f, sites, "pool") if sites else {}
            # a call made once per process (`@lru_cache`, a memo guard) holds no token per
            # request; one a get-or-create or a keyed cache makes, on each new row or key,
            # does, and is counted — beside a call every request makes, where it stands
            memoised = {s for s in sites if self._memoised(inv, s, paths)}
            every = [s for s in sites if s not in memoised]
            if not every:
                continue
            sites = [
                s
                for s in sites
                if s not in memoised
                or not self.e.memos.made_once(paths.get(s) or [(s.func, s.line)], s)
            ]
            # the finding stands at the call nearest the piece (a deep call may run only
            # sometimes), on its normal path first (an `except` handler's `db.rollback()`
            # runs only for an error that may never reach it); the others are counted
            site = min(
                every,
                key=lambda s: (
                    s in self.g.resolved(s.func).on_error,
                    len(paths.get(s) or ()),
                    self.e.site_order(s),
                ),
            )
            sites = [site, *(s for s in sites if s != site)]
            path = paths.get(site) or [(site.func, site.line)]
            self.e.report(
                "UJ005",
                Location(site.path, site.line, site.col),
                "threadpool",
                (
                    f"{self.e.describe(inv)} holds {pool.held} through "
                    f"{_round_trips(sites)}: it does not block the loop, but "
                    f"{pool.at_once}, and further sync work queues"
                ),
                site.qn,
                self.e.entry_point(inv),
                chain=self.e.chain(path, site.qn, site.line),
                fix=(
                    f"size the pool for it: {pool.fix}; or, if every blocking call "
                    f"on this path has an async client, move `{inv.name}` to "
                    "`async def` code that uses them"
                ),
                # one root cause per app: it keeps the default limiter (see UJ006) while
                # sync code waits on the network in the pool, wherever that code is
                root=Root(
                    ("pool", self.e.app_of(inv)),
                    "sync endpoints and dependencies hold the thread pool through network "
                    f"round trips, under {pool.default}",
                    self.e.routes_using(self.e.inv_key(inv)),
                    pool.fix,
                ),
                variant="network",
            )

    def _default_limiter(self, routes: list[Route]) -> None:
        # sync handlers and background tasks that wait (reach a blocking call), as routes do
        pool_others = sum(
            i.context is ExecutionContext.THREADPOOL
            and any(_waits(self.g.reach(f, "pool")) for f in i.funcs)
            for i in self.model.others
            if i.role not in (Role.LIFESPAN, Role.STARTUP, Role.SHUTDOWN)
        )
        # routes and handlers not tied to an app belong to it only when it is the only one:
        # with several apps (a main one, mounted ones, test apps) no app gets another's work
        serving = self.e.serving_apps()
        alone = len([a for a in self.model.apps if not serving or a.sym in serving]) == 1
        if not alone:
            pool_others = 0
        apps = sorted(self.model.apps, key=lambda a: (a.path, a.line))
        # Routes whose app the analysis cannot tell (routers included by a function that is
        # handed the app) are served by one of them; the limiter is the process's, shared by
        # every app it mounts, so they count for the app with the most known routes (the
        # main one), never for several; where no app has more, the one in whose folder
        # most of them are (the server's app beside its endpoints, not a dev preview's).
        count = {app.sym: sum(r.app == app.sym for r in routes) for app in apps}
        unknown = [r.decorator_path for r in routes if r.app is None]
        near = {app.sym: sum(_beside(path, app.path) for path in unknown) for app in apps}
        main = max(apps, key=lambda a: (count[a.sym], near[a.sym])).sym if apps else None
        for app in apps:
            if serving and app.sym not in serving:
                continue  # (an app that serves no route runs no request's work)
            mine = [r for r in routes if r.app == app.sym or (r.app is None and app.sym == main)]
            # only waits make a larger limiter useful: routes whose sync pieces are pure
            # (`def get_info(): return {...}`) borrow a token for microseconds
            blocking = [r for r in mine if self._blocks_in_pool(r)]
            if not (blocking or pool_others):
                continue
            users = len(blocking)
            # a floor: a route whose blocking call unjam does not know is not counted
            noun = "route blocks" if users == 1 else "routes block"
            what = [f"at least {users} {noun} in it"] if users else []
            if pool_others:
                what.append(f"{pool_others} other sync handler{'s' if pool_others != 1 else ''}")
            name = app.sym.rpartition(".")[2].rpartition(":")[2]
            pool = self._pool(app.sym)
            self.e.report(
                "UJ006",
                Location(app.path, app.line, app.col),
                "threadpool",
                (
                    f"this app runs work in the thread pool ({', '.join(what)}) and keeps "
                    f"{pool.default}{pool.why}"
                ),
                pool.blocker,
                EntryPoint(name, app.path, app.line, ExecutionContext.THREADPOOL, None),
                fix=pool.fix,
                root=Root(
                    ("app", app.sym),
                    f"app `{name}` {pool.kept}",
                    frozenset(self.e.label(r.endpoint) for r in blocking),
                ),
            )


def _generators(p: Project, pieces: list[Invoked]) -> list[Invoked]:
    """The sync dependencies with `yield` among `pieces`: each one's exit is one more run in
    a worker thread."""
    return [
        d
        for d in pieces
        if d.role is not Role.ENDPOINT
        and d.funcs
        and (func := p.funcs.get(d.funcs[-1])) is not None
        and func.fd.is_generator
    ]


def _after_response(generators: list[Invoked]) -> str:
    """Where the exits those FastAPI versions count run: after the response is sent, so
    the client does not wait for them, though the pool does."""
    if len(generators) == 1:
        return "the last of them after its response is sent"
    return f"the last {len(generators)} of them after its response is sent"


def _background_clause(tasks: list[str]) -> str:
    """The trips the route's sync background tasks add after its response is sent: the
    pool pays for them, the client does not wait for them."""
    if not tasks:
        return ""
    names = ", ".join(f"`{name}`" for name in tasks)
    if len(tasks) == 1:
        return (
            f"; the sync background task {names} it may add makes one more trip after its "
            "response is sent, which the client does not wait for"
        )
    return (
        f"; the sync background tasks {names} it may add make one more trip each after its "
        "response is sent, which the client does not wait for"
    )


def _exits_counted(generators: list[Invoked], pinned: str) -> str:
    """The clause on those exits where FastAPI before 0.82 runs them under the default pool
    (`pinned`: where the project says so), as the count includes them."""
    whose = _names(generators)
    if len(generators) == 1:
        return (
            f", then {whose}'s exit after `yield`, which FastAPI before 0.82 ({pinned}) runs "
            "under the same limiter"
        )
    return (
        f", then the exits of {whose} after `yield`, which FastAPI before 0.82 ({pinned}) "
        "runs under the same limiter"
    )


def _built_async_fix(classes: list[Invoked]) -> str:
    """Build light class dependencies in an `async def` (FastAPI calls a class in the pool,
    a coroutine function on the loop), as `async def users(session=Depends(get_session)) ->
    UserRepository: return UserRepository(session)`."""
    first = classes[0].name
    one = len(classes) == 1
    return (
        f"build {_names(classes)} in an `async def` dependency that returns "
        + ("it" if one else "each")
        + f" (`async def {_snake(first)}(...) -> {first}: return {first}(...)`, with the "
        "parameters of " + ("its" if one else "their") + " `__init__`): FastAPI calls a class in "
        "the thread pool and a coroutine function on the loop, and "
        + ("its `__init__` calls" if one else "their `__init__`s call")
        + " nothing that blocks"
    )


def _snake(name: str) -> str:
    """`UserRepository` → `user_repository`, `APIKeyStore` → `api_key_store`."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", name).lower()


def _names(pieces: list[Invoked]) -> str:
    """The pieces' names; where two functions share one (a private `_provide` in each
    module), each says where it is."""
    counts = Counter(d.name for d in pieces)
    return ", ".join(
        f"`{d.name}` ({d.path}:{d.line})" if counts[d.name] > 1 else f"`{d.name}`" for d in pieces
    )
