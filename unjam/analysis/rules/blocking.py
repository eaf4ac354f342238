"""UJ001 and UJ002: a blocking call reached from code on the event loop — while serving a
request (UJ001), or from lifespan and startup/shutdown code (UJ002). Pages: UJ001.md, UJ002.md.

A call that blocks requests is reported as UJ001 only, and one lifespan reaches both before
and after its `yield` as a start-up stall only (rules/precedence.py).
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from unjam.analysis.declared_versions import app_folders
from unjam.analysis.fastapi_records import _last_name
from unjam.analysis.grouping import Root
from unjam.analysis.handed_files import dotted, handed_to, spelled
from unjam.analysis.rules.context_vars import ContextSetters
from unjam.analysis.rules.filled_first import filled_before
from unjam.analysis.rules.fix_fits import context_manager, fitted, hands_out_a_context_manager
from unjam.analysis.rules.handler_paths import only_through_a_handler
from unjam.analysis.rules.held_locks import HeldLocks
from unjam.analysis.rules.import_warmed import ImportWarmed
from unjam.analysis.rules.launch_warmups import called_before_serving
from unjam.analysis.rules.loop_bound import LoopBound
from unjam.analysis.rules.memo import all_of, by_arguments
from unjam.analysis.rules.plain_def import PlainDef
from unjam.analysis.rules.pools import pool_of
from unjam.analysis.rules.rule import MAX_CALLS, Rule
from unjam.analysis.sqlite_engines import thread_pinned_engines
from unjam.analysis.summary import ImportRef
from unjam.analysis.values import is_static
from unjam.model import ExecutionContext, Location, Severity
from unjam.semantics import Role

if TYPE_CHECKING:
    from collections.abc import Callable

    from unjam.analysis.callgraph import Site
    from unjam.analysis.callgraph_records import Edge
    from unjam.analysis.fastapi_model import Invoked
    from unjam.analysis.project import Func, Value
    from unjam.analysis.rules_engine import RulesEngine

RULES = (
    Rule(
        "UJ001",
        "blocking-call-on-loop",
        Severity.ERROR,
        "A blocking call is reached from code that runs on the event loop while serving a request.",
    ),
    Rule(
        "UJ002",
        "blocking-call-at-startup",
        Severity.WARNING,
        "A blocking call is reached from lifespan or startup/shutdown code.",
    ),
)

_KIND_WORDS = {
    "network": "network I/O",
    "file": "file I/O",
    "subprocess": "a subprocess",
    "sleep": "a sleep",
    "lock": "a lock/wait",
    "cpu": "CPU-heavy work",
}
# running a loaded model: on the CPU, or waiting for the GPU (catalogue.toml, ML inference)
_MODEL_PACKAGES = (
    "transformers.",
    "sentence_transformers.",
    "whisper.",
    "faster_whisper.",
    "diffusers.",
    "ultralytics.",
)
# the engine is a client's choice: a network server's, or a file's (SQLite)
_DATABASE_PACKAGES = ("sqlalchemy.", "sqlmodel.", "fastapi_pagination.ext.", "alembic.")


def _with_once_fix(fix: str, once: bool, row: bool, expires: bool, keyed: bool) -> str:
    """The catalogue's fix, and for a call a memo makes run once the way to keep requests
    from paying for it (none for a get-or-create: the store keeps what a miss made)."""
    if not once or row:
        return fix
    return f"{fix}; or {FIX_EXPIRY if expires else FIX_MISS if keyed else FIX_ONCE}"


def _per_instance(verb: str, cls: str) -> str:
    """The verb, with the memo of an instance that may not outlive the call when there is
    one: the first call on each `cls` pays, so one built per request pays on each."""
    if not cls:
        return verb
    return (
        f"{verb} on the first call on each `{cls}` instance only "
        "(the memo is the instance's: each new one pays again)"
    )


def _until_reset(verb: str, cls: str, flag: str) -> str:
    """The verb, under a memo flag the method fills and other code sets back to False: the
    call runs on the first call on each instance and again after each reset."""
    first = f"on the first call on each `{cls}` instance" if cls else "on the first call"
    return (
        f"{verb} {first} and again each time `{flag}` is set back to False (the memo is re-armed)"
    )


def _kind_words(qn: str, kind: str) -> str:
    if kind in ("network", "file") and qn.startswith(_DATABASE_PACKAGES):
        return "database I/O"
    if kind == "cpu" and qn.startswith(_MODEL_PACKAGES):
        return "model inference"
    if qn == "builtins.input":
        return "a terminal read"  # file I/O by kind (stdin), but no file a reader would look for
    return _KIND_WORDS.get(kind, kind)


_END = 1 << 30  # past any line: "to the end of the function"

# UJ001/UJ002 for a call under a memo guard (`if _client is None:`): true once, not per request
_ONCE = "on the first call only (its result is memoised, later calls skip it)"
# ... under a test of the file system (`if not os.path.exists(folder): os.makedirs(folder)`)
_ON_DISK = "on the first call only (what it makes stays on disk, later calls skip it)"
FIX_ONCE = "do it once at start-up (lifespan, or a startup handler) so no request waits for it"
# ... under a cache keyed by the arguments (`@lru_cache def verify(hashed, plain)`, `if key in
# _cache: return _cache[key]`): once per new key, which request data may make every call
_ON_MISS = "on a cache miss only (its result is cached per key: each new key pays again)"
FIX_MISS = "warm the cache at start-up, if the keys requests use are known then"
# ... under a cache that drops its entries after a while (`cachetools.TTLCache`)
_ON_EXPIRY = (
    "on a cache miss only (its result is cached until the entry expires: each expiry and "
    "each new key pays again)"
)
FIX_EXPIRY = "refresh the cache from a background task before entries expire"
# ... under a get-or-create (`if found is None:` … `db.add(row)`) or a create-if-missing
# (`if not c.bucket_exists(b): c.make_bucket(b)`): the store keeps what the miss made
_ON_NEW_ROW = (
    "only while what it makes is not stored yet (a get-or-create or create-if-missing: the "
    "store keeps what a miss makes)"
)


def check(engine: RulesEngine) -> None:
    rules = Blocking(engine)
    # (under a Lambda adapter a process serves one request at a time: a blocking call holds
    # up no other request, only its own, which waits for that call whatever runs it)
    if not engine.one_request_per_process():
        rules.blocking("UJ001", engine.loop_entries, Severity.ERROR, "blocks the event loop")
    rules.blocking(
        "UJ002",
        engine.startup,
        Severity.WARNING,
        "blocks the event loop at start-up",
        context=ExecutionContext.STARTUP,
    )
    rules.blocking(
        "UJ002",
        engine.startup,
        Severity.WARNING,
        "blocks the event loop at shutdown",
        context=ExecutionContext.STARTUP,
        shutdown=True,
    )


# what `sqlite3` hands back is bound to the thread that opened it (`check_same_thread`): made
# in a worker thread, it cannot be used on the loop's
_THREAD_BOUND = frozenset({"sqlite3.Connection", "sqlite3.Cursor"})
_SQLALCHEMY = ("sqlalchemy.", "sqlmodel.")  # (the calls an engine's pooled connections make)


def _once_words(row: bool, expires: bool, keyed: bool, on_disk: bool) -> str:
    """How often a memoised call runs, by what keeps its result."""
    if row:
        return _ON_NEW_ROW
    if expires:
        return _ON_EXPIRY
    if keyed:
        return _ON_MISS
    return _ON_DISK if on_disk else _ONCE


def _with_thread_bound(fix: str, holding: str, made: str) -> str:
    """`fix`, where moving the calls to a thread alone would fail: they use a `made` (a
    sqlite3 connection) that `holding` says where it is kept, which by default only the
    thread that opened it may use."""
    return (
        f"{fix}; {holding} a `{made}`, which by default only the thread that opened it may "
        "use, so a thread must open it too (or use aiosqlite)"
    )


def _any_thread(value: tuple) -> bool:
    """`sqlite3.connect(path, check_same_thread=False)`: a connection any thread may use."""
    return value[0] == "call" and ("check_same_thread", ("const", False)) in value[3]


def _opened_for_any_thread(scope: Func, ref: tuple) -> bool:
    """Whether a name holds a connection any thread may use: assigned, in the function or
    its module, from `sqlite3.connect(..., check_same_thread=False)`."""
    if ref[0] != "name":
        return False
    values = scope.fd.locals.get(ref[1]) or [
        value for _qn, value in scope.mod.summary.global_values.get(ref[1], ())
    ]
    return any(_any_thread(value) for value in values)


class Blocking:
    def __init__(self, engine: RulesEngine) -> None:
        self.e = engine
        self.p = engine.p
        self.g = engine.g
        self._import_warmed = ImportWarmed(engine)
        self._started: set[Site] | None = None  # what start-up reaches (built once)
        self._start_roots: set[str] = set()  # the functions start-up runs, handed ones too
        self._litestar: frozenset[str] | None = None  # (built when a fix first asks)
        self._plain_def = PlainDef(self.p, engine.root)
        self._pools: dict[str, str] = {}  # an endpoint's module path → `_held`
        self._wrapped: dict[str, str] | None = None  # (built when a fix first asks)
        self._loop_bound = LoopBound(self.p, self.g)
        self._held_locks = HeldLocks(self.p, engine.root)
        self._context_vars = ContextSetters(self.p, self.g)
        self._kept_by_class: dict[str, str] = {}  # class gqn → `_kept_by_object`
        self._pinned: str | None = None  # (`_pinned_connections`, built when first asked)
        self._shutdown_handlers = {
            f for inv in engine.startup if inv.role is Role.SHUTDOWN for f in inv.funcs
        }

    def _before_shutdown(self, root: str) -> frozenset[Site] | set[Site]:
        """What a start-up entry reaches outside the code that runs after a `yield`
        (`FuncDef.after_yield`, on that `yield`'s path): a lifespan's code after it runs at
        shutdown, where blocking delays a graceful stop, not the start — its finding must say
        so (the second UJ002 pass reports what only the shutdown part reaches). Another
        branch's code before its own `yield` is start-up. A shutdown handler
        (`on_event("shutdown")`) has no start-up part. A serving main (a project without an
        app) starts up before the line where it starts serving, and serves from it on."""
        if root in self._shutdown_handlers:
            return frozenset()
        return self.g.reach_outside(root, "loop", self._shutdown_lines(root))

    def _shutdown_lines(self, root: str) -> tuple[tuple[int, int], ...]:
        """The line ranges of a start-up entry that run at shutdown (after its `yield`), or
        while a main serves (from the call that starts its server on)."""
        serving = self.e.server_starts.get(root)
        if serving is not None:
            return ((serving, _END),)
        func = self.p.funcs.get(root)
        return func.fd.after_yield if func else ()

    def _other_phase(self, root: str, shutdown: bool) -> Callable[[Edge], bool] | None:
        """The calls a start-up entry makes in the other phase than a UJ002 pass's (before
        its `yield` for the shutdown pass, after it for the start-up one), so that a printed
        path starts where its message says (a call both phases reach is printed through
        each one's own code); None when the entry has one phase only."""
        lines = () if root in self._shutdown_handlers else self._shutdown_lines(root)
        if not lines:
            return None
        other = {
            id(edge)
            for edge in self.g.resolved(root).edges
            if any(first <= edge.line <= last for first, last in lines) != shutdown
        }
        return lambda edge: id(edge) in other

    def _reached_sites(
        self, entries: list[Invoked], startup: bool, shutdown: bool
    ) -> tuple[dict[Site, int], dict[Site, set[str]], dict[Site, Invoked]]:
        """For each blocking site the entries reach: how many reach it, their labels, and
        the first one (the finding's entry)."""
        counts: dict[Site, int] = {}
        reached_by: dict[Site, set[str]] = {}
        owner: dict[Site, Invoked] = {}
        graph = self.g
        for inv in entries:
            sites: set[Site] = set()
            for f in inv.funcs:
                if not startup and f in self.e.server_starts:
                    sites |= graph.reach(f, "loop") - self._before_shutdown(f)
                elif not startup:
                    sites |= graph.reach(f, "loop")
                elif shutdown:
                    sites |= graph.reach(f, "loop") - self._before_shutdown(f)
                else:
                    sites |= self._before_shutdown(f)
            for site in sites:
                counts[site] = counts.get(site, 0) + 1
                reached_by.setdefault(site, set()).add(self.e.label(inv))
                if site not in owner:
                    owner[site] = inv
        return counts, reached_by, owner

    def blocking(
        self, code, entries: list[Invoked], severity, verb, context=None, shutdown=False
    ) -> None:
        startup = code == "UJ002"
        counts, reached_by, owner = self._reached_sites(entries, startup, shutdown)
        variant = ("shutdown" if shutdown else "start-up") if startup else ""
        by_entry: dict[int, list[Site]] = {}
        for site, inv in owner.items():
            by_entry.setdefault(id(inv), []).append(site)
        invs = {id(i): i for i in entries}
        labelled = [(inv, self.e.label(inv)) for inv in entries]  # for _nearer, once
        for key, owned in by_entry.items():
            owner_inv = invs[key]
            paths: dict[Site, list] = {}
            for f in owner_inv.funcs:
                phases = (self._other_phase(f, shutdown), None) if startup else (None,)
                for skip in dict.fromkeys(phases):  # (its own phase first, any path then)
                    wanted = [s for s in owned if s not in paths]
                    for site, path in self.g.paths(f, wanted, "loop", skip=skip).items():
                        paths.setdefault(site, path)
            for site in sorted(owned, key=self.e.site_order):
                if self._cleanup_only(site):
                    continue
                if shutdown and _bounded_wait(self.p.funcs.get(site.func), site):
                    continue
                inv, path = owner_inv, paths.get(site) or [(site.func, site.line)]
                if counts[site] > 1 and (owner_inv.on_error or len(path) > 2):
                    # an error path's work gives way to any other entry; else a nearer one
                    limit = MAX_CALLS if owner_inv.on_error else len(path) - 2
                    nearer = self._nearer(site, labelled, reached_by[site], limit)
                    if nearer is not None and (owner_inv.on_error or not nearer[0].on_error):
                        inv, path = nearer
                if len(path) - 1 > MAX_CALLS:
                    continue  # no entry reaches it within MAX_CALLS calls
                reaching = partial(_entry_funcs, labelled, reached_by[site])
                if only_through_a_handler(self.g, reaching, site, path, self.e.never_runs.site):
                    continue  # (folded into the normal path's calls of the function there)
                kind = site.entry.kind or "network"
                if kind == "network" and self.e.local_database().reaches(site, self.e.app_of(inv)):
                    kind = "file"  # (SQLAlchemy on the app's SQLite file)
                via = self.e.via(path[1:])
                others = counts[site] - 1
                memoised = self.e.memos.memoised_only(inv, site, path)
                if not memoised and self.e.memos.memo_step(path) is not None:
                    # reached on every call another way: print that way, not the memo's;
                    # a way longer than MAX_CALLS is taken on faith no more than elsewhere
                    steady = self.e.memos.steady_path(inv, site)
                    if steady is None:
                        memoised = True
                    else:
                        path = steady
                        via = self.e.via(path[1:])
                if memoised and counts[site] > 1:
                    # another entry that reaches it on every call is the finding's entry
                    steadily = self._steadily(site, labelled, reached_by[site], inv)
                    if steadily is not None:
                        (inv, path), memoised = steadily, False
                        via = self.e.via(path[1:])
                if memoised and counts[site] > 1 and inv.role in _ROUTE_ROLES:
                    # (an HTTP middleware of the route's app runs before it on every request:
                    # the first call, the one that stalls, is the middleware's)
                    first = self._middleware_first(site, labelled, reached_by[site], inv)
                    if first is not None:
                        inv, path = first
                        via = self.e.via(path[1:])
                if memoised and (
                    self._import_warmed.warmed(path, site)
                    or (
                        not startup and self._warmed_at_start(site, path) and self._kept(path, site)
                    )
                ):
                    continue  # its one slow call is made before the app serves
                if memoised and self._filled_first(path):
                    # (the path fills the memo in a thread first: another entry's may not)
                    unfilled = self._unfilled(site, labelled, reached_by[site], inv)
                    if unfilled is None:
                        continue
                    inv, path = unfilled
                    via = self.e.via(path[1:])
                once = not startup and memoised
                # (a memo on an instance the entry may build anew: once per instance)
                instance = "" if memoised else self.e.memos.once_per_instance(inv, site, path)
                if (memoised or instance) and self.e.memos.filled_at_construction(
                    site, path, reaching(), bool(instance)
                ):
                    continue  # (its instances come with the value, and no entry builds one)
                # (or one whose flag other code sets back: again after each reset)
                rearmed = "" if memoised or instance else self.e.memos.rearmed_flag(site)
                if once:
                    path = self.e.memos.first_fill(path)
                    via = self.e.via(path[1:])
                kinds = self.e.memos.memo_kinds(path, site) if once else []
                keyed = by_arguments(kinds)
                row = keyed and all_of(kinds, "row")
                expires = not row and all_of(kinds, "expires")
                on_disk = not keyed and all_of(kinds, "disk")
                when = _once_words(row, expires, keyed, on_disk)
                message = (
                    f"`{site.qn}` ({_kind_words(site.qn, kind)}) "
                    + (
                        f"{verb} {when}"
                        if once
                        else _until_reset(verb, self._class_of(site), rearmed)
                        if rearmed
                        else _per_instance(verb, instance)
                    )
                    + ": reached from "
                    f"{self.e.describe(inv)}"
                    + (f" via {via}" if via else "")
                    + (
                        f" (also reached from {others} other entry point{'s' if others != 1 else ''})"
                        if others > 0
                        else ""
                    )
                )
                short = (
                    "while missing only"
                    if row
                    else "on a cache miss only"
                    if keyed or expires
                    else ""
                )
                root = self._blocking_root(site, path, verb, reached_by[site], once, short)
                if shutdown:  # (a group apart from the same function's start-up blocks)
                    root = replace(root, key=(*root.key, "shutdown"))
                fix = (
                    self._handed_fix(site)
                    or self._handed_connection(site)
                    or site.entry.fix_for(site.qn, self._receiver(site))
                )
                fix = fitted(self.p, site, fix)
                bound = root.key[0] == "func" and bool(root.fix)
                bound = bound and self._uses_thread_bound(root.key[1])
                if bound:
                    fix = root.fix  # (what it returns must stay with the call: said there)
                elif root.key[0] == "func" and root.fix:
                    # the call sits in a sync function the loop runs inline: an `await` cannot
                    # go there, so the catalogue's fix is the second way, after moving it off
                    fix = f"{root.fix}: {fix}"
                # (not where a kept sqlite3 connection would then serve several requests'
                # threads at once: an object built once keeps it for all of them)
                if (
                    not once
                    and self._plain_def.offered_for(inv, path)
                    and not self._kept_on_object(bound, root)
                ):
                    fix += (
                        f"; or, as `{inv.name}` awaits nothing, make it a plain `def`: FastAPI "
                        f"then runs it in the thread pool, {self._held(inv)} per request (UJ005)"
                    )
                pinned = self._pinned_connections(site, root)
                if pinned:  # (said last: a plain `def` runs it in a thread too)
                    fix += pinned
                    root = replace(root, fix=root.fix + pinned) if root.fix else root
                self.e.report(
                    code,
                    Location(site.path, site.line, site.col),
                    kind,
                    message,
                    site.qn,
                    self.e.entry_point(inv, context),
                    severity=Severity.WARNING if once else severity,
                    chain=self.e.chain(path, site.qn, site.line),
                    fix=_with_once_fix(fix, once, row, expires, keyed),
                    blocks_loop=True,
                    details={"phase": "shutdown"} if shutdown else None,
                    root=root,
                    variant=variant,
                )

    def _pinned_connections(self, site: Site, root: Root) -> str:
        """What the fix adds where the project builds an engine whose SQLite connections
        only their own thread may use (`check_same_thread=True`), for a SQLAlchemy call or
        one in a function that also makes some (`initialize_database()`, whose group fix
        runs it all in a thread): moved there as offered, such a call would raise."""
        if self._pinned is None:
            places = ", ".join(thread_pinned_engines(self.p))
            self._pinned = (
                f"; in a thread, either way, it needs `check_same_thread=True` dropped from "
                f"the engine's `connect_args` first ({places}): with it, each pooled SQLite "
                "connection serves only the thread that opened it, and a call given another "
                "thread's raises `sqlite3.ProgrammingError`"
                if places
                else ""
            )
        if not self._pinned or site.qn.startswith(_SQLALCHEMY):
            return self._pinned
        moved = root.key[1] if root.key[0] == "func" else None
        reached = self.g.reach(moved, "loop") if moved is not None else ()
        return self._pinned if any(s.qn.startswith(_SQLALCHEMY) for s in reached) else ""

    def _blocking_root(
        self,
        site: Site,
        path: list[tuple[str, int]],
        verb: str,
        reached: set[str],
        once: bool = False,
        when: str = "",
    ) -> Root:
        """The function that brings the block onto the loop: the first sync function on the
        path (an async caller runs it inline: `initialize()` in lifespan, a sync helper), else
        the async function that makes the blocking calls itself. Its first-call stalls (memoised)
        are a group of their own: their headline and fix differ from per-request blocks."""
        said = f"{verb} {when or 'on the first call only'}" if once else verb
        funcs = self.p.funcs
        # A sync function that calls an async one only makes a coroutine (`create_task(
        # upgrade())`): what runs that coroutine is the loop, so the search starts after
        # the last async function on the path.
        start = 0
        for i, (gqn, _line) in enumerate(path):
            step = funcs.get(gqn)
            if step is not None and step.fd.is_async:
                start = i
        for i, (gqn, _line) in enumerate(path):
            func = funcs.get(gqn)
            if i < start or func is None or func.fd.is_async:
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
            # (through the caller's own first parameter: `self`, or `cls` in a classmethod)
            receiver = _first_param(caller) if same_class else None
            written = (
                _written_call(caller, path[i - 1][1], func.fd.name)
                or self._call_resolving_to(caller, path[i - 1][1], func.gqn)
                if caller is not None and not same_class and func.fd.name != "__init__"
                else None
            )
            called = f"{receiver}.{func.fd.name}" if receiver else written or func.display
            if func.fd.name == "__init__" and func.fd.class_qn is not None and not same_class:
                called = called.rpartition(".")[0] or called  # the class call builds it
            # (a function the caller hands to another that calls it: `wrapper(p, read_json)`
            # is what runs it, and what a thread can take)
            handed_to = (
                _handed_to(caller, path[i - 1][1], func.fd.name)
                if caller is not None and not same_class and written is None
                else None
            )
            if context_manager(func) or hands_out_a_context_manager(self.p, func):
                # `with writing():` runs its body at `__enter__`, on the loop: a thread
                # cannot take the `with` statement, so the body must go async, or the whole
                # block to a thread (a lock's release must be its acquiring thread's)
                fix = (
                    "make it an `@asynccontextmanager` entered with `async with`, and run its "
                    "blocking calls with `await asyncio.to_thread(...)` or replace them with "
                    "async ones; or move the whole `with` block into one sync function run "
                    "with `await asyncio.to_thread(...)`"
                )
                user = self._sync_user(func)
                if user is not None:  # turning it async would break its sync users
                    fix = (
                        f"give async callers an `@asynccontextmanager` twin of it, entered with "
                        f"`async with`, that runs its blocking calls with `await "
                        f"asyncio.to_thread(...)` (keep this one: sync code such as "
                        f"`{user}` enters it)"
                    )
            elif caller is not None and (bound := self._loop_bound.uses(gqn)) is not None:
                fix = self._fix_keeping_on_loop(func, caller, bound, path[i + 1 :])
            elif caller is not None and func.fd.is_generator:
                # calling a generator runs nothing: its body runs where it is iterated
                fix = (
                    f"iterate it off the loop where `{caller.display}` does — "
                    f"`await asyncio.to_thread(list, {called}(...))`, `iterate_in_threadpool"
                    f"({called}(...))`, or hand it to `StreamingResponse` — or replace its "
                    "blocking calls with async ones"
                )
                if made := self._thread_bound(gqn):
                    fix = _with_thread_bound(fix, self._holding(func), made)
            elif caller is not None and self.p.is_property(func):
                # `asyncio.to_thread(self.save_path)` would read the property on the loop
                if not receiver:
                    called = _read_as(caller, path[i - 1][1], func.fd.name) or called
                fix = (
                    f"read it off the loop where `{caller.display}` does — `await "
                    f"asyncio.to_thread(lambda: {called})` — or make it an `async def` method "
                    "that awaits async versions of its blocking calls"
                )
            elif caller is not None and handed_to is not None:
                fix = (
                    f"run `{handed_to}` (which calls it) off the loop where `{caller.display}` "
                    f"does — `await asyncio.to_thread({handed_to}, ...)` or "
                    "`run_in_threadpool` — or replace its blocking calls with async ones"
                )
            elif caller is not None:
                fix = self._offload_fix(gqn, caller, called, path[i - 1][1])
            elif not where and gqn in self._async_wrapped():  # (no caller: the entry)
                by = self._async_wrapped()[gqn]
                where = f", run as a coroutine by `@{by}`"
                fix = (
                    f"have `{by}`'s wrapper run a `def` in the thread pool — `await "
                    "run_in_threadpool(func, *args, **kwargs)` when it is no coroutine "
                    "function — or make it `async def` and await async versions of its "
                    "blocking calls"
                )
            elif not where and gqn in self._litestar_handlers():  # (no caller: the entry)
                fix = (
                    "mark it `sync_to_thread=True` (on its route decorator, or in its "
                    "`Provide(...)`): Litestar then runs it in a worker thread, off the loop"
                )
            else:
                fix = (
                    "make it `async def` and await async versions of its blocking calls, or "
                    "run them with `await asyncio.to_thread(...)`"
                )
            return _root(("func", gqn), f"sync `{func.display}`{where}", said, once, reached, fix)
        owner = funcs.get(site.func)
        name = owner.display if owner is not None else site.func
        said = said.replace("blocks", "block", 1)
        # (several calls of one coroutine, a decode, a resize and a save: one thread trip
        # for all of them, rather than one per call)
        fix = (
            f"move the blocking calls of `{name}` into one plain `def` run with `await "
            "asyncio.to_thread(...)` (or `run_in_threadpool`), or await async versions of them"
        )
        if owner is not None and (made := self._thread_bound(owner.gqn)):
            fix = _with_thread_bound(fix, self._holding(owner), made)
        return _root(
            ("in", site.func), f"blocking calls in async `{name}`", said, once, reached, fix
        )

    def _offload_fix(self, gqn: str, caller: Func, called: str, line: int) -> str:
        """Run the sync function in a thread; one that sets a context variable runs in a
        context the caller keeps, whose values it then takes back (context_vars.py); one
        called at `line` under a threading lock goes with the whole locked block."""
        setter = self._context_vars.sets(gqn)
        made = self._thread_bound(gqn)
        handed = "" if made else self._handed_thread_bound(gqn)
        if setter is None and handed:
            return (
                f"not `{called}` alone: it is handed {handed} by its caller, which by default "
                "only the thread that opened it may use, so open it in the function you run "
                "with `await asyncio.to_thread(...)`, or use aiosqlite"
            )
        if setter is None and made:
            what = self._holding(self.p.funcs[gqn])
            return (
                f"not `{called}` alone: {what} a `{made}`, which no two threads may use at "
                "once (by default only the thread that opened it may), so open it and use it "
                "in one function run with `await asyncio.to_thread(...)` where the loop calls "
                "it, or use aiosqlite"
            )
        lock = self._held_locks.around(caller, line) if setter is None else None
        if lock is not None:
            return (
                f"`{caller.display}` calls it holding `{lock}`, a threading lock: move the "
                f"whole `with {lock}:` block into one sync function run with `await "
                "asyncio.to_thread(...)`, so the lock is taken and released in the worker "
                "thread (awaiting inside the block would hold the lock across the await, "
                "and a request taking it meanwhile would block the loop) — or replace its "
                "blocking calls with async ones"
            )
        if setter is None:
            return (
                f"run it off the loop where `{caller.display}` calls it — "
                f"`await asyncio.to_thread({called}, ...)` or `run_in_threadpool` — or "
                "replace its blocking calls with async ones"
            )
        return (
            f"run it off the loop where `{caller.display}` calls it, in a context you keep: "
            f"it sets {setter}, which a thread sets only in its own copy of the context — "
            f"`ctx = contextvars.copy_context()`, `await asyncio.to_thread(ctx.run, {called}, "
            "...)`, then `for var, value in ctx.items(): var.set(value)` — or replace its "
            "blocking calls with async ones"
        )

    def _holding(self, func: Func) -> str:
        """How a function holds what only its thread may use: the object it makes
        (`__init__`) or runs on (a method whose object's constructor opened it) keeps it, or
        it returns it (`UserStore._connect`, a new connection on each call)."""
        if func.class_gqn is None:
            return "it returns"
        if func.fd.name == "__init__":
            return "what it makes keeps"
        return "its object keeps" if self._kept_by_object(func.class_gqn) else "it returns"

    def _thread_bound(self, gqn: str) -> str:
        """What the function returns when only the thread that made it may use it (a
        sqlite3 connection), else ""; for a constructor, such a thing it keeps on the new
        object (`self.conn = sqlite3.connect(path)`)."""
        func = self.p.funcs.get(gqn)
        if func is None:
            return ""
        if func.class_gqn is not None:
            if func.fd.name == "__init__":
                return self._kept_thread_bound(func)
            kept = self._kept_by_object(func.class_gqn)
            if kept:
                return kept
        made = self.p.return_value(func)
        return made[1] if made is not None and made[1] in _THREAD_BOUND else ""

    def _kept_on_object(self, bound: bool, root: Root) -> bool:
        """Whether the blocking function of a thread-bound fix is a method of an object
        keeping the sqlite3 connection it uses."""
        if not bound:
            return False
        func = self.p.funcs[root.key[1]]
        if func.class_gqn is None or func.fd.name == "__init__":
            return False
        return bool(self._kept_by_object(func.class_gqn))

    def _uses_thread_bound(self, gqn: str) -> bool:
        return bool(self._thread_bound(gqn) or self._handed_thread_bound(gqn))

    def _handed_thread_bound(self, gqn: str) -> str:
        """What the function takes (a parameter typed, or given by its callers, as a sqlite3
        connection or an object keeping one) that only the thread that made it may use, said
        for its fix, else "": moved alone to a worker thread, it would use it there. Not when
        a caller hands it one opened with `check_same_thread=False`."""
        func = self.p.funcs.get(gqn)
        if func is None:
            return ""
        handed = []
        for caller, site in self.p.sites_named(func.fd.name):
            callee = self.p.callee(caller, site.func)
            if callee is None or callee[0] not in ("func", "meth") or callee[1] != gqn:
                continue
            for arg in (*site.args, *(value for _name, value in site.kwargs)):
                if _opened_for_any_thread(caller, arg):
                    return ""
                handed.append(self._thread_bound_value(self.p.value_of(caller, arg)))
        for index, param in enumerate(func.fd.params):
            value = self.p.param_value(func, param, index)
            if index == 0 and value == ("obj", func.class_gqn):
                continue  # its own object: what its constructor keeps is `_thread_bound`'s
            handed.append(self._thread_bound_value(value))
        return next((what for what in handed if what), "")

    def _thread_bound_value(self, value: Value | None) -> str:
        """`a sqlite3.Connection`, or `a Journal keeping a sqlite3.Connection`, else ""."""
        if value is None:
            return ""
        if value[1] in _THREAD_BOUND:
            return f"a `{value[1]}`"
        init = self.p.method(value[1], "__init__") if value[0] == "obj" else None
        kept = self._kept_thread_bound(init) if init is not None else ""
        return f"a `{value[1].rpartition('.')[2]}` keeping a `{kept}`" if kept else ""

    def _kept_by_object(self, class_gqn: str) -> str:
        """What an object of the class keeps on `self` that only the thread that made it may
        use: stored by its constructor, or by a method that opens it later
        (`def initialize(self): self.conn = sqlite3.connect(path)`)."""
        known = self._kept_by_class.get(class_gqn)
        if known is None:
            init = self.p.method(class_gqn, "__init__")
            known = self._kept_thread_bound(init) if init is not None else ""
            for func in self.p.funcs.values() if not known else ():
                if func.class_gqn == class_gqn and func.fd.attr_stores:
                    known = known or self._kept_thread_bound(func)
            self._kept_by_class[class_gqn] = known
        return known

    def _kept_thread_bound(self, init: Func) -> str:
        """What a constructor (or another method) keeps on `self` that only the thread that
        made it may use."""
        for base, _attr, value in init.fd.attr_stores:
            if base == ("name", "self") and not _any_thread(value):
                kept = self.p.value_of(init, value)
                if kept is not None and kept[1] in _THREAD_BOUND:
                    return kept[1]
        return ""

    def _sync_user(self, func: Func) -> str | None:
        """A sync function of the project that calls `func`, if any."""
        for caller in self.p.direct_callers(func):  # (a method's too: `with db.session():`)
            if not (caller.fd.is_async or caller.gqn == func.gqn or caller.fd.qn == "<module>"):
                return caller.display
        return None

    def _fix_keeping_on_loop(
        self, func: Func, caller: Func, bound: str, below: list[tuple[str, int]]
    ) -> str:
        """The fix for a sync function that needs the running loop: a thread cannot run it
        (`to_thread` of it would fail, or bind it to a loop that never runs), so the first
        step below it on the path that does not need the loop is what moves."""
        funcs = self.p.funcs
        for gqn, _line in below:
            step = funcs.get(gqn)
            if step is not None and not step.fd.is_async and self._loop_bound.uses(gqn) is None:
                # (an `__init__` runs as its class is called: the class is what a thread takes)
                built = step.fd.name == "__init__" and step.fd.class_qn is not None
                runs = step.display.rpartition(".")[0] if built else step.display
                return (
                    f"`{func.display}` needs the running event loop ({bound}), so a thread "
                    f"cannot run it: move its blocking step to one — `await "
                    f"asyncio.to_thread({runs}, ...)` in `{caller.display}`, the result "
                    "passed in — or replace its blocking calls with async ones"
                )
        return (
            f"`{func.display}` needs the running event loop ({bound}), so a thread cannot run "
            f"it: make its blocking calls in `{caller.display}` before calling it — `await "
            "asyncio.to_thread(...)`, the results passed in — or make it `async def` and "
            "replace them with async ones"
        )

    def _nearer(
        self, site: Site, labelled: list[tuple[Invoked, str]], reached_by: set[str], limit: int
    ) -> tuple[Invoked, list[tuple[str, int]]] | None:
        """The entry that reaches `site` through the fewest calls, at most `limit`, and its
        path: the first entry to reach a site may do so only through a long chain while
        another calls it nearly directly, and each call on a path is a branch the analysis
        takes on faith, so the shortest path is the likeliest to run. Work started only on
        an error path (in an `except` handler) is the entry only when nothing else reaches
        the site."""
        by_func: dict[str, Invoked] = {}
        for inv, label in labelled:
            if label in reached_by:  # it reaches the site in this pass's phase
                for f in inv.funcs:
                    if f not in by_func or (by_func[f].on_error and not inv.on_error):
                        by_func[f] = inv
        fallback = None
        toward = self.g.distances_to(site.func, limit)
        for f in self.g.callers_within(site.func, set(by_func), limit):
            path = self.g.paths(f, [site], "loop", limit, toward=toward).get(site)
            if path is not None:
                if not by_func[f].on_error:
                    return by_func[f], path
                fallback = fallback or (by_func[f], path)
        return fallback

    def _steadily(
        self, site: Site, labelled: list[tuple[Invoked, str]], reached_by: set[str], inv: Invoked
    ) -> tuple[Invoked, list[tuple[str, int]]] | None:
        """Another entry than `inv` that reaches `site` on every call (through no memo
        guard nor cached function) within MAX_CALLS calls, and its path, if one does: one
        loader of a fixed file downloads it once, another of a file per request each time."""
        if site in self.g.resolved(site.func).guarded:
            return None  # (guarded where it is made: once, whichever way it is reached)
        for other, label in labelled:
            if other is inv or label not in reached_by or other.on_error:
                continue
            path = self.e.memos.steady_path(other, site)
            if path is not None and len(path) - 1 <= MAX_CALLS:
                return other, path
        return None

    def _middleware_first(
        self, site: Site, labelled: list[tuple[Invoked, str]], reached_by: set[str], inv: Invoked
    ) -> tuple[Invoked, list[tuple[str, int]]] | None:
        """An HTTP middleware of `inv`'s app (or of the one app) that reaches the memoised
        `site` within MAX_CALLS calls, and its path."""
        app = self.e.app_of(inv)
        return self._first_entry(
            site,
            labelled,
            reached_by,
            lambda other: (
                other.role is Role.HTTP_MIDDLEWARE and not (app and other.app and other.app != app)
            ),
        )

    def _filled_first(self, path: list[tuple[str, int]]) -> bool:
        return filled_before(self.p, self.g, path, self.e.memos.memo_holder(path))

    def _unfilled(
        self, site: Site, labelled: list[tuple[Invoked, str]], reached_by: set[str], inv: Invoked
    ) -> tuple[Invoked, list[tuple[str, int]]] | None:
        """Another entry than `inv` whose path to the memoised `site`, within MAX_CALLS
        calls, does not fill the memo in a thread first (filled_first.py)."""
        return self._first_entry(
            site,
            labelled,
            reached_by,
            lambda other: other is not inv and not other.on_error,
            lambda path: not self._filled_first(path),
        )

    def _first_entry(
        self,
        site: Site,
        labelled: list[tuple[Invoked, str]],
        reached_by: set[str],
        wanted: Callable[[Invoked], bool],
        fits: Callable[[list[tuple[str, int]]], bool] | None = None,
    ) -> tuple[Invoked, list[tuple[str, int]]] | None:
        """The first entry `wanted` picks that reaches `site` within MAX_CALLS calls through
        a path that `fits` (any, without it), and that path."""
        for other, label in labelled:
            if label not in reached_by or not wanted(other):
                continue
            for root in other.funcs:
                path = self.g.paths(root, [site], "loop", MAX_CALLS).get(site)
                if path is not None and (fits is None or fits(path)):
                    return other, path
        return None

    def _cleanup_only(self, site: Site) -> bool:
        """A blocking call in an `except` handler of a function whose normal path blocks
        too (`session.rollback()` after `session.commit()`, or a decorator's wrapper whose
        wrapped function's path blocks): the normal path's calls are
        the finding, and the fix that moves them moves this one; whether the handler runs
        at all depends on an error unjam cannot tell the entry raises."""
        resolved = self.g.resolved(site.func)
        if site not in resolved.on_error:
            return False
        if any(
            other not in resolved.on_error and not self.e.never_runs.site(other)
            for other in resolved.blocking
        ):
            return True
        # a decorator's wrapper (a retry's `time.sleep` between attempts): its normal path
        # is the function it wraps
        return any(
            other not in resolved.on_error
            for wrapped in self.g.wrapping.get(site.func, ())
            for other in self.g.reach(wrapped, "loop")
        )

    def _litestar_handlers(self) -> frozenset[str]:
        """The sync callables Litestar runs on its loop (handlers and providers not marked
        `sync_to_thread=True`)."""
        if self._litestar is None:
            self._litestar = frozenset(
                f for inv in self.e.model.others if inv.role is Role.LITESTAR for f in inv.funcs
            )
        return self._litestar

    def _held(self, inv: Invoked) -> str:
        """What a `def` endpoint holds while it runs: a token of anyio's limiter, or, where
        the project pins a FastAPI before 0.69, a thread of asyncio's default executor."""
        root = self.e.root
        if root is None:
            return "a token"
        held = self._pools.get(inv.path)
        if held is None:
            pool = pool_of(root, app_folders([inv.path]))
            held = self._pools[inv.path] = "a token" if pool.unit == "token" else pool.held
        return held

    def _class_of(self, site: Site) -> str:
        """The name of the class whose method makes the blocking call."""
        func = self.p.funcs.get(site.func)
        return "" if func is None or func.class_gqn is None else func.class_gqn.rpartition(".")[2]

    def _handed_fix(self, site: Site) -> str | None:
        """The fix for an `open` whose file the function hands to a sync call (see
        handed_files.py), or None."""
        func = self.p.funcs.get(site.func)
        handed = handed_to(func, site.qn, site.line, site.col) if func is not None else None
        if handed is None:
            return None
        consumer, awaited = handed
        if awaited:
            return (
                f"read the file's bytes off the loop first (`data = await anyio.Path(path)"
                f".read_bytes()`) and hand `{consumer}` a file in memory holding them "
                f"(`io.BytesIO(data)`): an async file (aiofiles, anyio) cannot be handed to it"
            )
        return (
            f"open it and call `{consumer}` in one sync function run off the loop, `await "
            f"run_in_threadpool(...)`: an async file (aiofiles, anyio) cannot be handed to "
            f"`{consumer}`"
        )

    def _call_resolving_to(self, caller: Func, line: int, gqn: str) -> str | None:
        """The dotted name of the one call on `line` that runs `gqn` under another name
        (`core_app_extra.register_routes(code)`, an attribute holding a function a factory
        defined as `register_routes_fn`), which the function's own name would not reach."""
        found = {
            text
            for site in caller.fd.calls
            if site.line == line
            and (text := dotted(site.func)) is not None
            and (callee := self.p.callee(caller, site.func)) is not None
            and callee[1] == gqn
        }
        return found.pop() if len(found) == 1 else None

    def _handed_connection(self, site: Site) -> str | None:
        """The fix for a blocking call handed a sqlite3 connection its function opened
        (`df.to_sql(name, conn)` after `conn = sqlite3.connect(path)`), or None: moved to a
        thread alone, the call would fail there, as by default the connection serves only
        the thread that opened it."""
        func = self.p.funcs.get(site.func)
        if func is None:
            return None
        for call in func.fd.calls:
            if (call.line, call.col) != (site.line, site.col):
                continue
            for arg in (*call.args, *(value for _name, value in call.kwargs)):
                if arg[0] != "name" or arg[1] not in func.fd.locals:
                    continue
                value = self.p.value_of(func, arg)
                if value is None or value[1] not in _THREAD_BOUND:
                    continue
                if not _opened_for_any_thread(func, arg):
                    called = site.qn.rpartition(".")[2]
                    return (
                        f"open `{arg[1]}` and call `{called}` in one sync function run with "
                        f"`await asyncio.to_thread(...)`: `{arg[1]}` is a sqlite3 connection, "
                        "which by default only the thread that opened it may use"
                    )
        return None

    def _receiver(self, site: Site) -> str | None:
        func = self.p.funcs.get(site.func)
        return _receiver_of(func, site) if func is not None else None

    def _async_wrapped(self) -> dict[str, str]:
        """The `def` endpoints and dependencies a project decorator runs as coroutines, and
        that decorator's name (async_decorators.py)."""
        if self._wrapped is None:
            self._wrapped = {
                inv.funcs[0]: inv.async_by
                for route in self.e.model.routes
                for inv in (route.endpoint, *route.dependencies)
                if inv.async_by
            }
        return self._wrapped

    def _warmed_at_start(self, site: Site, path: list[tuple[str, int]]) -> bool:
        """Whether start-up (a lifespan before its `yield`, a startup handler, what a
        launcher calls before it starts serving: launch_warmups.py) makes the memoised call
        first: it reaches the site, and, within MAX_CALLS calls (a longer way
        is taken on faith, as a printed path would be), the function holding the memo (or the
        cached function itself: `@lru_cache def get_config()`) or one below it on the path
        that fills the module global the memo tests (`get_writer()`'s `if _writer: return
        _writer`, filled by `configure()`, which the lifespan calls).
        Then the call is made before the app serves, and no request waits for it."""
        if self._started is None:
            self._started = set()
            for inv in self.e.startup:
                for f in inv.funcs:
                    self._started |= self._before_shutdown(f)
            self._start_roots = {f for inv in self.e.startup for f in inv.funcs}
            self._start_roots -= self._shutdown_handlers
            for target in self._handed_at_start():
                self._started |= self.g.reach(target, "pool")
                self._start_roots.add(target)
            for target in called_before_serving(self.p, self.g):
                self._started |= self.g.reach(target, "loop")
                self._start_roots.add(target)
        if site not in self._started:
            return False
        # (a cached function is its own memo: start-up calling it fills it)
        memo = path[self.e.memos.memo_holder(path)][0]
        roots = self._start_roots
        fillers = [memo, *self._global_fillers(path)]
        return any(self.g.callers_within(f, roots, MAX_CALLS) for f in fillers)

    def _kept(self, path: list[tuple[str, int]], site: Site) -> bool:
        """Whether what start-up fills stays for every request: no memo on the path caches
        per argument (a request's new key pays again) or drops its entries in time (each
        expiry pays again: gpustack's `TTLCache(ttl=3600)`). What a get-or-create made at
        start-up (`make_bucket` if missing) the store keeps."""
        kinds = [kind for kind in self.e.memos.memo_kinds(path, site) if kind != "row"]
        return not by_arguments(kinds) and "expires" not in kinds

    def _handed_at_start(self) -> set[str]:
        """The functions start-up hands to a thread and waits for (`await
        asyncio.to_thread(store.ensure)` in a lifespan, before its `yield`): they run before
        the app serves too."""
        handed: set[str] = set()
        for inv in self.e.startup:
            for root in inv.funcs:
                if root in self._shutdown_handlers:
                    continue
                func = self.p.funcs.get(root)
                after = func.fd.after_yield if func is not None else ()
                for gqn in self.e.reached_functions([root], "loop"):
                    for off in self.g.resolved(gqn).offloads:
                        if off.qn not in _AWAITED_OFFLOADS or off.on_error:
                            continue
                        if gqn == root and any(a <= off.line <= b for a, b in after):
                            continue  # handed over at shutdown
                        handed.add(off.target)
        return handed

    def _global_fillers(self, path: list[tuple[str, int]]) -> list[str]:
        """The functions below the memo on `path` that bind the module global its guard
        tests (`global _writer` … `_writer = Writer()`), or fill it in place (`if not
        messages: load_messages()`, whose loop stores `messages[lang] = ...`), and the
        other functions of its module that bind it to a value (`refresh_catalog()`, which
        a lifespan calls, sets the `_catalog` that `get_catalog()` tests)."""
        found = self.e.memos.memo_edge(path)
        edge = found[1] if found is not None else None
        holder = self.p.funcs.get(path[found[0]][0]) if found is not None else None
        if found is None or edge is None or holder is None or edge.guard < 0:
            return []
        index = found[0]
        guard = holder.fd.guards[edge.guard]
        if guard.subject[0] != "name":
            return []
        name = guard.subject[1]
        if name in holder.fd.locals or any(q.name == name for q in holder.fd.params):
            return []  # (a local: no global's memo)
        binders = {scope for scope, _value in holder.mod.summary.global_values.get(name, ())}
        fillers: list[str] = []
        for gqn, _line in path[index + 1 :]:
            func = self.p.funcs.get(gqn)
            if (
                func is not None
                and func.mod is holder.mod
                and (func.fd.qn in binders or _fills_in_place(func, name))
            ):
                fillers.append(gqn)
        for scope, value in holder.mod.summary.global_values.get(name, ()):
            gqn = f"{holder.mod.name}.{scope}"
            if value != ("const", None) and gqn in self.p.funcs and gqn not in fillers:
                fillers.append(gqn)
        return fillers


def _fills_in_place(func: Func, name: str) -> bool:
    """Whether the function stores into the module global `name` (`name[key] = value`): one
    it neither binds as a local nor takes as a parameter."""
    if name in func.fd.locals and name not in func.fd.globals_declared:
        return False
    if any(param.name == name for param in func.fd.params):
        return False
    return ("name", name) in func.fd.mutated


# handing work to a thread whose end the caller awaits (not a thread or a future it only
# starts, which may still be running when the app serves)
# the entries a request reaches after the app's HTTP middleware has run
_ROUTE_ROLES = frozenset(
    (Role.ENDPOINT, Role.DEPENDENCY, Role.CLASS_DEPENDENCY, Role.CALLABLE_DEPENDENCY)
)
_AWAITED_OFFLOADS = frozenset(
    {
        "asyncio.to_thread",
        "anyio.to_thread.run_sync",
        "starlette.concurrency.run_in_threadpool",
        "asyncio.AbstractEventLoop.run_in_executor",
    }
)


def _root(
    key: tuple, subject: str, said: str, once: bool, reached: set[str], fix: str = ""
) -> Root:
    """The root `key` titled "`subject` `said`"; a group of first-call stalls (`once`) is
    one of its own, titled "... also ..." where the root's per-request group prints too."""
    if not once:
        return Root(key, f"{subject} {said}", frozenset(reached), fix)
    also = f"{subject} also {said}"
    return Root((*key, "once"), f"{subject} {said}", frozenset(reached), fix, also)


def _receiver_of(func: Func, site: Site) -> str | None:
    """The object the call at `site` is made on, as the code names it (`crypt_ctx` of
    `crypt_ctx.hash(p)`, `self.hasher`; the instance itself when it is what is called,
    `models.classifier` of `models.classifier(text)`), when that is a dotted name."""
    for call in func.fd.calls:
        if call.line != site.line or call.col != site.col:
            continue
        if site.qn.endswith(".__call__"):
            return dotted(call.func)
        if call.func[0] == "attr":
            return dotted(call.func[1])
    return None


def _bounded_wait(func: Func | None, site: Site) -> bool:
    """A wait given a timeout (`thread.join(timeout=5)`, `done.wait(2)`): at shutdown it is
    the author's chosen bound on a stop the server has already drained for, not a stall."""
    if func is None or site.entry.kind != "lock":
        return False
    for call in func.fd.calls:
        if call.line != site.line or call.col != site.col:
            continue
        if any(key == "timeout" and value != ("const", None) for key, value in call.kwargs):
            return True
        # (`queue.get(True, 5)`: the first argument of a get is whether to block)
        named = _last_name(call.func)
        return named in ("join", "wait") and bool(call.args) and call.args[0] != ("const", None)
    return False


def _written_call(caller: Func, line: int, name: str) -> str | None:
    """How the caller names the function it calls on `line`, when that is a dotted name
    (`store.get_all`, `self.hasher.verify`) or one on a plain call (`get_store().get_all`,
    `cast(Store, db).get_all`): the callable to hand to a thread, bound to its instance,
    where the function's own name (`Store.get_all`) would need it passed; or the name it
    imported it as (`from svc import end_rental as end_rental_service`), where the
    function's own name may be another's in the caller's module (its endpoint's)."""
    imports = caller.mod.summary.imports
    found = {
        text
        for site in caller.fd.calls
        if site.line == line
        and (
            _last_name(site.func) == name
            or (site.func[0] == "name" and _imported_as(imports.get(site.func[1]), name))
        )
        for text in (spelled(site.func),)
        if text is not None
    }
    return found.pop() if len(found) == 1 else None


def _read_as(caller: Func, line: int, name: str) -> str | None:
    """How the caller reads the property `name` on `line`, when that is a dotted name in
    one of the calls there (`identity.fingerprint` of `sessions.get(identity.fingerprint)`),
    where the getter's own name (`_VaultIdentity.fingerprint`) reads the class's attribute."""
    found: set[str] = set()
    for site in caller.fd.calls:
        if site.line != line:
            continue
        stack: list = [site.func, *site.args, *(value for _, value in site.kwargs)]
        while stack:
            ref = stack.pop()
            if ref[0] == "attr" and len(ref) == 3 and ref[2] == name:
                text = dotted(ref)
                if text is not None:
                    found.add(text)
            stack.extend(part for part in ref[1:] if type(part) is tuple and part)
    return found.pop() if len(found) == 1 else None


def _handed_to(caller: Func, line: int, name: str) -> str | None:
    """The dotted name of the one call on `line` that the caller hands the function `name`
    to as an argument (`wrapper("x.json", read_json)`), when no call there names it."""
    if any(_last_name(site.func) == name for site in caller.fd.calls if site.line == line):
        return None
    given = ("name", name)
    found = {
        text
        for site in caller.fd.calls
        if site.line == line
        and (given in site.args or any(value == given for _key, value in site.kwargs))
        for text in (dotted(site.func),)
        if text is not None
    }
    return found.pop() if len(found) == 1 else None


def _imported_as(imported: ImportRef | None, name: str) -> bool:
    return imported is not None and imported.name == name


def _first_param(func: Func | None) -> str | None:
    """The name a method calls its class's other methods through (`self`, `cls`); None
    for a staticmethod or a function."""
    if func is None or func.fd.class_qn is None or not func.fd.params or is_static(func.fd):
        return None
    return func.fd.params[0].name


def _entry_funcs(labelled: list[tuple[Invoked, str]], labels: set[str]) -> list[str]:
    """The functions of the entries whose labels are among `labels`."""
    return [f for inv, label in labelled if label in labels for f in inv.funcs]
