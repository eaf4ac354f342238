"""UJ003: a client built on every request — by a dependency or an endpoint (and what they
call, handed-off work included) — or, for dependencies, a network call made while FastAPI
resolves them. Page: UJ003.md.

A dependency's network call that blocks the loop is reported as UJ001/UJ002 only
(rules/precedence.py).
"""

from __future__ import annotations

from collections import deque
from itertools import pairwise
from typing import TYPE_CHECKING

from unjam.analysis.grouping import Root
from unjam.analysis.rules.failure_paths import FailurePaths
from unjam.analysis.rules.lookups import Lookups
from unjam.analysis.rules.request_data import Provenance
from unjam.analysis.rules.rule import MAX_CALLS, Rule
from unjam.analysis.summary import attributes_read, last_name, refs_in
from unjam.model import ExecutionContext, Location, Severity

if TYPE_CHECKING:
    from unjam.analysis.callgraph import Offloaded, Site
    from unjam.analysis.fastapi_model import Invoked
    from unjam.analysis.project import Func
    from unjam.analysis.rules_engine import RulesEngine
    from unjam.analysis.summary import FuncDef

RULES = (
    Rule(
        "UJ003",
        "per-request-client",
        Severity.WARNING,
        "An endpoint or dependency builds a client on every request, or a dependency "
        "makes a network call while it is resolved.",
    ),
)

# UJ003 follows a dependency's calls this many hops deep: per-request construction sits close
# to the dependency (seed 000: 3 hops); deeper, caches and branches the analysis cannot see
# dominate.
_CLIENT_DEPTH = MAX_CALLS
_FAR = _CLIENT_DEPTH + 1  # no client construction within reach
FIX_CLIENT = (
    "create the client once — at module level, in lifespan (app.state), or in a "
    "functools.lru_cache factory — and inject that instance"
)
# a sync client built on the loop whose calls there block it too: one shared instance would
# still block on each call — the async client (the catalogue's fix for its methods) is the fix
FIX_SYNC_CLIENT_ON_LOOP = (
    "sharing this client is not enough: `{type}` is sync, and its calls here block the event "
    "loop too (`{call}`, line {line}) — {fix}, made once in lifespan (app.state) and "
    "injected; or keep one shared `{type}` and run the code that calls it in a thread "
    "(`await asyncio.to_thread(...)`)"
)
# a proxy chosen anew at each construction (`proxy=pick_proxy()`): a rotation, by design
FIX_CLIENT_PER_PROXY = (
    "a client keeps the proxy it was built with, so one client for all would pin one proxy: "
    "if the proxy rotates on purpose, keep a client per proxy (a dict keyed by its URL, "
    "filled as each proxy is first used) and take the chosen proxy's client"
)
# an aiohttp session, an async driver's pool, an AMQP connection or a Kafka producer is made
# inside the running loop (aiohttp warns, then refuses, outside one; the others are awaited or
# started there): not at module level
FIX_LOOP_CLIENT = (
    "create it once inside the running loop — in lifespan (or, in an app that starts "
    'up in `@app.on_event("startup")` handlers, in one of those: a `lifespan=` turns them '
    "off), kept on app.state and closed at shutdown — and inject that instance"
)
_LOOP_CLIENTS = frozenset(
    {
        *("aiohttp.ClientSession", "aiohttp.client.ClientSession"),
        *("asyncpg.create_pool", "aiomysql.create_pool", "asyncmy.create_pool"),
        *("aio_pika.connect_robust", "aio_pika.connect", "aiokafka.AIOKafkaProducer"),
    }
)
# an async AWS client is an async context manager whose entering opens its aiohttp session:
# one kept must be entered once, in the loop, and left open until shutdown
_ENTERED_CLIENTS = frozenset(
    {
        "aiobotocore.session.AioSession.create_client",
        "aioboto3.Session.client",
        "aioboto3.Session.resource",
        "aioboto3.session.Session.client",
        "aioboto3.session.Session.resource",
    }
)
FIX_ENTERED_CLIENT = (
    "enter the client once inside the running loop — in lifespan, through a "
    "`contextlib.AsyncExitStack` (`client = await stack.enter_async_context(...)` around this "
    "same call), kept on app.state and closed when lifespan ends — and inject that instance"
)
# a pika BlockingConnection services its heartbeats only while a call runs on it: one shared
# and left idle between requests is dropped by the broker, and nothing reopens it
_IDLE_DROPPED = frozenset({"pika.BlockingConnection"})
FIX_IDLE_DROPPED = (
    "do not share it as it is: a BlockingConnection left idle between requests misses its "
    "heartbeats and the broker closes it — open it per use off the loop (`await "
    "asyncio.to_thread(...)` around the whole check), or use aio-pika, whose "
    "`connect_robust()` made once in lifespan reconnects by itself"
)
# a session that keeps one user's cookies (`ClientSession(cookies=saved)`, its `cookie_jar`
# read back): one per request is the design; the connection pool is what to share
_COOKIE_SESSIONS = frozenset(
    {*_LOOP_CLIENTS, "httpx.AsyncClient", "httpx.Client", "requests.Session"}
)
_COOKIE_KEYWORDS = ("cookies", "cookie_jar")
_COOKIE_ATTRIBUTES = frozenset(_COOKIE_KEYWORDS)
# what a route reads or sets cookies on that is no client session
_HTTP_MESSAGES = frozenset(
    {"starlette.requests.Request", "starlette.responses.Response", "fastapi.Response"}
)
FIX_CLIENT_PER_USER = (
    "the session keeps one user's cookies, so keep a session per request but share its "
    "connections: one `aiohttp.TCPConnector` made at start-up, passed as `connector=` with "
    "`connector_owner=False` (httpx: one transport, `transport=`; requests: one mounted "
    "`HTTPAdapter` — and, for these two, no `async with`, `close()` or `aclose()` on the "
    "per-request session: closing it closes the shared transport or adapter)"
)
# built in a coroutine run on a loop of its own (`asyncio.run`, a new event loop on each call,
# or where no loop was running): an async client shared across calls would be bound to the
# first call's loop, closed by the time of the next
FIX_OWN_LOOP_CLIENT = (
    "create a sync client once (the library's own: `httpx.Client`, `redis.Redis`, "
    "`pymongo.MongoClient`) for this path — it runs "
    "on an event loop of its own (under `asyncio.run`, a new loop on every call, or "
    "`run_until_complete` on a worker thread's loop), not the app's, and an async client "
    "works only on the loop it first ran on — or await the coroutine on the app's own loop "
    "and share one async client there"
)
# under a Lambda adapter (serverless.py) Mangum runs lifespan around every invocation, while a
# warm container keeps what its module level made
FIX_CLIENT_LAMBDA = (
    "create the client once at module level — a warm Lambda container reuses it, while "
    "Mangum runs lifespan again around every invocation — and inject that instance"
)
FIX_CONNECTION_LAMBDA = (
    "open the connection once at module level and reopen it when it was closed — a warm "
    "Lambda container reuses it, one invocation at a time, while Mangum runs lifespan again "
    "around every invocation"
)
# a DB-API connection: one shared by concurrent requests would mix their transactions
FIX_CONNECTION = (
    "open a connection pool once at start-up (in lifespan: {pools}, or a SQLAlchemy engine) "
    "and take a connection from it for each request; one shared connection would mix "
    "concurrent requests' transactions"
)
# each driver's own pools, by the connection's qualified name
_POOLS = {
    "psycopg.": "psycopg_pool.ConnectionPool",
    "psycopg2.": "psycopg2.pool",
    "pymysql.": "DBUtils' PooledDB",
    "mysql.connector.": "mysql.connector.pooling",
    "asyncpg.": "asyncpg.create_pool",
    "aiomysql.": "aiomysql.create_pool",
    "asyncmy.": "asyncmy.create_pool",
}
_POOLED = ("psycopg2", "psycopg", "pymysql")  # drivers whose connections a pool should lend
_CONNECTIONS = frozenset(
    {f"{m}.Connection" for m in _POOLED}
    | {
        *("mysql.connector.MySQLConnection", "asyncpg.Connection"),
        *("aiomysql.Connection", "asyncmy.Connection"),
    }
)
# a client built from what the request sends (a connection test): one shared client cannot do
FIX_CLIENT_FROM_REQUEST = (
    "it is configured from the request, so one shared client cannot serve every request: "
    "keep clients in a dict keyed by those settings, reused when a request sends the same "
    "ones; if the request's part is per-call data (a header, a token), build the client once "
    "and pass that data to each call"
)
# a client built from what the request looks up (a tenant's stored credentials): nor can it
FIX_CLIENT_FROM_LOOKUP = (
    "its settings are read on each request from what is looked up (a user, a tenant, a "
    "stored row), so one client made at start-up would keep the first ones even when later "
    "requests read others: keep clients in a dict keyed by those settings, reused while a "
    "lookup gives the same ones; if only per-call data (a header, a user's token) comes from "
    "the lookup, build the client once and pass that data to each call"
)
# the fixes that share one client, or one per setting, across users
_SHAREABLE = frozenset({FIX_CLIENT, FIX_CLIENT_FROM_REQUEST, FIX_CLIENT_FROM_LOOKUP})
# a dependency's network call (a queue-URL lookup, a DB query): the client advice does not fit
FIX_DEP_NETWORK = (
    "if the answer is the same on every request, fetch it once (in lifespan, or behind a "
    "memo guard or functools.lru_cache) and reuse it; if it depends on the request, keep it "
    "but make sure the client or session it goes through is shared"
)

# a dependency's DNS lookup (an SSRF check of the host a request names): nothing to share or
# fetch once, the lookup itself has an async form
_NAME_LOOKUPS = frozenset({"socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyname_ex"})
FIX_DEP_LOOKUP = (
    "make the dependency `async def` and look the name up with `await "
    "asyncio.get_running_loop().getaddrinfo(...)` (or `anyio.getaddrinfo`): the lookup "
    "goes through no client to share, and the async one waits without a thread"
)


_SELF = ("name", "self")
_NONE = ("const", None)
_SESSION = "sqlalchemy.orm.Session."  # (sqlmodel's and the session module's alias it)
_DBAPI = ("Connection", "Cursor")
# a database session or DB-API connection a function opens for itself (`db = SessionLocal()`,
# `conn = get_connection()`): what it sends through it is this request's work (opening it per
# request is reported where it is opened)
# taking a connection from a shared pool: per request by design, what a pool is for
_POOL_CHECKOUTS = frozenset(
    {"psycopg_pool.ConnectionPool.connection", "psycopg_pool.ConnectionPool.getconn"}
)
_OPENED = (
    _SESSION,
    *(f"{m}.{kind}." for m in (*_POOLED, "sqlite3") for kind in _DBAPI),
    "mysql.connector.MySQLConnection.",
    "mysql.connector.MySQLCursor.",
    "sqlalchemy.orm.Query.",  # (a session's query)
)


def _request_query(
    func: Func | None, site: Site, given: frozenset[str] = frozenset(), shared: bool = False
) -> bool:
    """Whether the network call at `site` is the request's own query through a value its
    function was handed (`session.scalar(select(Dag).where(Dag.id == dag_id))`, `session`
    injected by `Depends(get_session)`, lent by `with SessionLocal() as session:`, or opened
    by `session = SessionLocal()`; a call with no arguments, `session.commit()`, too), or
    with arguments that vary through a module global built once (`_through_a_global`:
    `users.find_one({"name": name})`): per-request work by design, through a shared client
    or pool, with nothing to fetch once. Still reported: a call whose arguments are
    all fixed (a lookup with the same answer every time,
    `sqs.get_queue_url(QueueName=QUEUE)`), and any call through `self`/`cls` (a client the
    object built for itself: the seed's `Producer`) but one through an attribute in `given`,
    which the object was handed (`self.db = db` of a repository built per request from the
    session a dependency injects); `shared`: the object is the process's one (`tokens =
    TokensHelper()` at module level), so a call through `self` with arguments that vary is
    per-request work through a client built once, as through a module global."""
    if func is None:
        return False
    handed = {p.name for p in func.fd.params} - {"self", "cls"}
    # and what a `with` statement lends it (`with SessionLocal() as session:`): a session
    # from the factory's shared pool, for this request's work
    # — or a session or connection the function opens itself (`db = SessionLocal()`, FastAPI's
    # own `get_db`; `conn = psycopg2.connect(...)`)
    # (`conn = None` before the `try` that opens it, for the `finally` to test, is no other
    # value)
    opened = ("enter", "call") if site.qn.startswith(_OPENED) else ("enter",)
    handed |= {
        name
        for name, values in func.fd.locals.items()
        if any(value[0] in opened for value in values)
        and all(value[0] in opened or value == _NONE for value in values)
    }
    method = site.qn.rpartition(".")[2]
    for call in func.fd.calls:
        if call.line != site.line or call.col != site.col:
            continue
        if call.func[0] == "attr" and call.func[2] != method:
            continue  # (another call of the chain: `table.get_item(...).get("Item")`)
        args = [*call.args, *(value for _name, value in call.kwargs)]
        if _through_a_global(func, call.func):  # (fixed arguments: a lookup made once)
            return any(_varies(arg, handed, func.fd.locals) for arg in args)
        receiver = call.func
        on_self = None  # the attribute of `self` the chain starts from
        while receiver[0] in ("attr", "call", "sub", "await"):
            if receiver[0] == "attr" and receiver[1] == ("name", "self"):
                on_self = receiver[2]
            receiver = receiver[1]
        if shared and on_self is not None and receiver == _SELF:
            return any(_varies(arg, handed, func.fd.locals) for arg in args)
        if receiver[0] != "name" or (receiver[1] not in handed and on_self not in given):
            return False
        if site.qn.startswith(_OPENED) and receiver[1] in handed:
            return True  # (`conn.execute("SET search_path …")`: this connection's own setup)
        return not args or any(_varies(arg, handed, func.fd.locals) for arg in args)
    return False


def _handed(methods: list[FuncDef]) -> tuple[frozenset[str], frozenset[str]]:
    """The attributes of `self` the methods set to one of their parameters as it is
    (`self.db = db`): objects the instance was handed, not ones it built; and those they
    set to what a call makes (`self._db = next(get_db())`, `self.db = SessionLocal()`): a
    session or connection the instance opened for itself, when a call through it is one."""
    names: set[str] = set()
    made: set[str] = set()
    for fd in methods:
        params = {p.name for p in fd.params[1:]}
        for base, attr, value in fd.attr_stores:
            if base != _SELF:
                continue
            # (`db if db is not None else next(get_db())`: either, whichever is given)
            branches = value[1:3] if value[0] == "ifexp" else (value,)
            given = [b[0] == "name" and b[1] in params for b in branches]
            if all(given):
                names.add(attr)
            elif all(g or b[0] == "call" for g, b in zip(given, branches, strict=True)):
                made.add(attr)
    return frozenset(names), frozenset(made)


def _through_a_global(func: Func, method: tuple) -> bool:
    """`users.find_one` / `db["users"].find_one` on a module global — one the module
    assigns in its own body (`users = MongoClient(...)["db"]["users"]`) or imports by name
    from another (`from mongodb import users`) — reached through attributes and items only:
    an object built once, as its module is imported. Not a module (`requests.get`), nor
    through a call (`boto3.client("s3").get_object`: a new client)."""
    if method[0] != "attr":
        return False
    root = method[1]
    while root[0] in ("attr", "sub"):
        root = root[1]
    if root[0] != "name" or type(root[1]) is not str:
        return False
    name = root[1]
    fd = func.fd
    if name in fd.locals or any(p.name == name for p in fd.params):
        return False
    summary = func.mod.summary
    imported = summary.imports.get(name)
    if imported is not None:
        return imported.name is not None and imported.name != "*"
    return any(scope == "<module>" for scope, _value in summary.global_values.get(name, ()))


def _varies(ref: tuple, params: set[str], local_values: dict, depth: int = 0) -> bool:
    """Whether `ref` may differ from call to call: it reads a parameter, directly or through
    locals assigned from one, or holds an expression the summary does not keep (`("?",)`:
    a comparison such as `Job.id == job_id`)."""
    stack: list[object] = [ref]  # (a `**mapping` keyword's name is None, not a ref)
    while stack:
        item = stack.pop()
        if not isinstance(item, tuple) or not item:
            continue
        if not isinstance(item[0], str):  # a tuple of refs (a call's arguments)
            stack.extend(item)
            continue
        if item[0] in ("?", "star"):
            return True
        if item[0] == "name" and isinstance(item[1], str):
            if item[1] in params:
                return True
            if depth < 3 and any(
                _varies(v, params, local_values, depth + 1) for v in local_values.get(item[1], ())
            ):
                return True
            continue
        stack.extend(part for part in item[1:] if isinstance(part, tuple))
    return False


def check(engine: RulesEngine) -> None:
    PerRequestClients(engine).per_request_clients()


class PerRequestClients:
    def __init__(self, engine: RulesEngine) -> None:
        self.e = engine
        self.p = engine.p
        self.g = engine.g
        self.model = engine.model
        self.provenance = Provenance(engine.p)
        self.lookups = Lookups(engine.p, engine.g)
        self.failures = FailurePaths(engine.root)
        # class gqn → `_handed` of its methods
        self._handed: dict[str, tuple[frozenset[str], frozenset[str]]] = {}

    def per_request_clients(self) -> None:
        """UJ003: each dependency, and each endpoint near a client construction, walked once
        (with the first route that uses it)."""
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
            for edge in resolved.edges:
                # (a loop's reach skips what runs only where no loop runs, a coroutine handed
                # to `asyncio.run`: a sync endpoint in a worker thread runs it)
                if (v not in done or edge.no_loop) and edge.callee not in seen:
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
            if any(not g and c not in resolved.on_error for c, g in resolved.clients):
                distance[gqn] = 0
            for edge in resolved.edges:
                if not edge.guarded and not edge.on_error:
                    callers.setdefault(edge.callee, []).append(gqn)
            for off in resolved.offloads:
                if not off.on_error:
                    callers.setdefault(off.target, []).append(gqn)
        queue = deque(distance)
        while queue:
            v = queue.popleft()
            if distance[v] >= _CLIENT_DEPTH or self.e.memos.is_cached(v):
                continue
            for u in callers.get(v, ()):
                if u not in distance:
                    distance[u] = distance[v] + 1
                    queue.append(u)
        return distance

    def _dependency_clients(
        self, dep: Invoked, network: bool = True, near: dict[str, int] | None = None
    ) -> None:
        """A breadth-first walk from `dep` (at most _CLIENT_DEPTH calls deep, through
        offloads too), reporting each client construction and, with `network`, each network
        call on the way."""
        # keyed by search state (callgraph.py): a function, or one entered by a call whose
        # arguments rule some of its branches out
        parent: dict[object, tuple[object, int] | None] = {}
        queue: deque[object] = deque()
        depth: dict[object, int] = {}
        handed: dict[object, str] = {}  # state reached through an offload → where it runs
        graph = self.g
        on_loop = dep.context is ExecutionContext.LOOP
        for f in dep.funcs:
            # (a cached entry, `@alru_cache` under the route decorator, runs on a miss only)
            if f not in parent and not self.e.memos.is_cached(f):
                parent[f] = None
                depth[f] = 0
                queue.append(f)
        while queue:
            v = queue.popleft()
            resolved = graph.resolved(graph.state(v)[0])
            # (a client built, or a call made, only when a `try` failed is not on every
            # request: `try: head_bucket(...)` / `except: create_bucket(...)`)
            hits: list[tuple[Site, str]] = [
                (site, "constructs")
                for site, guarded in resolved.clients
                if not guarded
                and site not in resolved.on_error
                and graph.is_live(v, site)
                and not self._after_failure(site.func, site.line)
            ]
            hits += [
                (site, "network")
                for site in resolved.blocking
                if network
                and site.entry.kind == "network"
                and site not in resolved.guarded
                and site not in resolved.on_error
                and graph.is_live(v, site)
            ]
            for site, what in sorted(hits, key=lambda h: (h[0].line, h[0].col)):
                if what == "network" and (
                    site.qn in _POOL_CHECKOUTS
                    or any(s.line == site.line and not g for s, g in resolved.clients)
                    or self._request_query(site)
                ):
                    continue
                steps = self._steps(v, parent, site)
                if self.e.memos.memoised_only(dep, site, steps):
                    continue  # (a memo of an instance the app keeps: its first call only)
                self._report(dep, network, v, handed, site, what, steps)
            if depth[v] >= _CLIENT_DEPTH:
                continue
            for edge in resolved.edges if isinstance(v, str) else graph.live_edges(v, "any"):
                if edge.no_loop and on_loop and v not in handed:
                    continue  # e.g. `asyncio.run(coro)` raises on the loop's thread: never runs
                w = graph.follow(v, edge)
                if (
                    edge.guarded
                    or edge.on_error
                    or w in parent
                    or self.e.memos.is_cached(edge.callee)
                ):
                    continue
                if near is not None and depth[v] + 1 + near.get(edge.callee, _FAR) > _CLIENT_DEPTH:
                    continue
                if self._after_failure(graph.state(v)[0], edge.line):
                    continue  # (a retry after a 401: when a call failed, not every request)
                parent[w] = (v, edge.line)
                depth[w] = depth[v] + 1
                if v in handed:
                    handed[w] = handed[v]
                queue.append(w)
            for off in resolved.offloads:
                if off.on_error:
                    continue  # (a task started only when a `try` failed: not every request)
                if near is not None and depth[v] + 1 + near.get(off.target, _FAR) > _CLIENT_DEPTH:
                    continue
                if off.target not in parent and not self.e.memos.is_cached(off.target):
                    parent[off.target] = (v, off.line)
                    depth[off.target] = depth[v] + 1
                    # the nearest hand-off decides where the code runs (`create_task(f)`
                    # whose `f` calls `to_thread(g)`: `g` runs in a worker thread)
                    handed[off.target] = self._handed_where(off)
                    queue.append(off.target)

    def _after_failure(self, gqn: str, line: int) -> bool:
        func = self.p.funcs.get(gqn)
        return func is not None and self.failures.after_failure(func, line)

    def _request_query(self, site: Site) -> bool:
        """`_request_query`, with the attributes the function's class was handed."""
        func = self.p.funcs.get(site.func)
        if func is None or func.class_gqn is None:
            return _request_query(func, site)
        found = self._handed.get(func.class_gqn)
        if found is None:
            methods = [m.fd for m in self.g.methods_of(func.class_gqn)]
            found = self._handed[func.class_gqn] = _handed(methods)
        handed, made = found
        # (a session the object opened for itself: this request's, as a function's own)
        given = handed | made if site.qn.startswith(_OPENED) else handed
        return _request_query(func, site, given, self.g.singleton(func.class_gqn))

    def _steps(
        self, v: object, parent: dict[object, tuple[object, int] | None], site: Site
    ) -> list[tuple[str, int]]:
        """The path of `_dependency_clients`' walk to `site` in state `v`, through `parent`
        links: (function, line of its call onward), the site's own line last."""
        state = self.g.state
        steps = [(state(v)[0], site.line)]
        cursor = parent[v]
        while cursor is not None:
            steps.append((state(cursor[0])[0], cursor[1]))
            cursor = parent[cursor[0]]
        steps.reverse()
        return steps

    def _report(
        self,
        dep: Invoked,
        network: bool,
        v: object,
        handed: dict[object, str],
        site: Site,
        what: str,
        steps: list[tuple[str, int]],
    ) -> None:
        """One finding of `_dependency_clients`' walk: `site` in state `v`, reached from
        `dep` along `steps` (none on a connection test's path, nor on a settings update's)."""
        if what == "constructs" and (
            _tests_a_connection(steps, dep.route) or self._configures_a_module(steps)
        ):
            return
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
        settings, fix = self._settings(what, steps, site.col)
        if fix == FIX_DEP_NETWORK and site.qn in _NAME_LOOKUPS:
            fix = FIX_DEP_LOOKUP  # (no client to share: the lookup itself goes async)
        if fix == FIX_CLIENT and (proxy := self._proxy_chosen(site, steps)) is not None:
            settings, fix = f", through the proxy `{proxy}` gives", FIX_CLIENT_PER_PROXY
        elif fix in _SHAREABLE and site.qn in _COOKIE_SESSIONS and self._keeps_cookies(site):
            fix = FIX_CLIENT_PER_USER
        connection = self.p.catalogue.returns(site.qn) in _CONNECTIONS
        # (a client made on a loop a call makes for itself serves that loop alone: no sharing,
        # in a Lambda container either)
        if fix == FIX_CLIENT and not connection and self._through_a_new_loop(steps):
            fix = FIX_OWN_LOOP_CLIENT
        elif fix == FIX_CLIENT and self.e.one_request_per_process():
            fix = FIX_CONNECTION_LAMBDA if connection else FIX_CLIENT_LAMBDA
        elif fix == FIX_CLIENT and connection:
            made = self.p.catalogue.returns(site.qn) or ""
            pools = next((pool for prefix, pool in _POOLS.items() if made.startswith(prefix)), "")
            fix = FIX_CONNECTION.format(pools=pools or "the driver's pool")
        elif fix == FIX_CLIENT and site.qn in _LOOP_CLIENTS:
            fix = FIX_LOOP_CLIENT
        elif fix == FIX_CLIENT and site.qn in _ENTERED_CLIENTS:
            fix = FIX_ENTERED_CLIENT
        elif fix == FIX_CLIENT and site.qn in _IDLE_DROPPED:
            fix = FIX_IDLE_DROPPED
        elif fix == FIX_CLIENT and where == "on the event loop":
            fix = self._sync_client_fix(site) or fix
        where += settings
        chain = self.e.chain(steps, site.qn, site.line)
        if self.e.rebuilt_when_closed(chain):
            return  # (`if self._client.is_closed: self._client = …`: once per close)
        # (a client built under a test, `if media_id:`: the tests are named beside it)
        every = "on every request"
        if self.e.runs_under_tests(chain):
            every += " that takes this path"
        self.e.report(
            "UJ003",
            Location(site.path, site.line, site.col),
            "per-request-client",
            f"{self.e.describe(dep)} {action} {every} ({where}), via {self.e.via(steps)}",
            site.qn,
            self.e.entry_point(dep),
            chain=chain,
            fix=fix,
            root=Root(
                ("dependency", self.e.inv_key(dep)),
                f"{self.e.describe(dep).partition(' (')[0]} builds a client"
                + (" or calls the network" if network else "")
                + " on every request",
                self.e.routes_using(self.e.inv_key(dep)),
            ),
            variant="network" if what == "network" else "",
        )

    def _sync_client_fix(self, site: Site) -> str | None:
        """FIX_SYNC_CLIENT_ON_LOOP when the function that builds the client at `site` also
        makes a blocking call of that client's type, on the loop (a method the catalogue
        files as blocking, with the async fix it gives), else None."""
        made = self.p.catalogue.returns(site.qn) or site.qn
        resolved = self.g.resolved(site.func)
        for call in resolved.blocking:
            if call in resolved.no_loop:
                continue  # (made only where no loop runs: it blocks none)
            if call.qn.rpartition(".")[0] == made and call.entry.fix and call.line >= site.line:
                return FIX_SYNC_CLIENT_ON_LOOP.format(
                    type=made, call=call.qn, line=call.line, fix=call.entry.fix_for(call.qn)
                )
        return None

    def _through_a_new_loop(self, steps: list[tuple[str, int]]) -> bool:
        """Whether the path enters a coroutine that a loop of its own runs (`asyncio.run` in a
        worker thread): each `(function, line)` step calls the next one at that line."""
        for (caller, line), (callee, _line) in pairwise(steps):
            for edge in self.g.resolved(caller).edges:
                if edge.callee == callee and edge.line == line and edge.no_loop:
                    return True
        return False

    def _configures_a_module(self, steps: list[tuple[str, int]]) -> bool:
        """Whether a step of the path stores what its call builds on an imported module
        (`litellm.cache = Cache(**params)`): a settings update rebuilding the process's shared
        object, which later requests use — not a client a request makes for itself."""
        for gqn, line in steps:
            func = self.p.funcs.get(gqn)
            if func is None or not func.fd.attr_stores:
                continue
            built = {("call", s.func, s.args, s.kwargs) for s in func.fd.calls if s.line == line}
            for base, _attr, value in func.fd.attr_stores:
                if value in built and self._names_a_module(func, base):
                    return True
        return False

    def _names_a_module(self, func: Func, ref: tuple) -> bool:
        """Whether `ref` is a name an import binds to a module (`import litellm`, `from relay
        import cache_state`), at module level or in `func` itself."""
        if ref[0] != "name":
            return False
        local = func.fd.locals.get(ref[1])
        if local:
            return all(value[0] == "imp" and value[3] is None for value in local)
        imported = func.mod.summary.imports.get(ref[1])
        if imported is None:
            return False
        return imported.name is None or self.p.import_target(func.mod, imported) in self.p.modules

    def _settings(self, what: str, steps: list[tuple[str, int]], col: int) -> tuple[str, str]:
        """What the message adds on where a construction's settings come from, and the fix
        that fits: for a network call, for a client built from what the request sends (no
        one client to share), from what it looks up, or from the process's own settings."""
        if what != "constructs":
            return "", FIX_DEP_NETWORK
        sent = self.provenance.sent(steps, col, self.lookups.of)
        if sent:
            return f", from what the request sends: {_listed(sent)}", FIX_CLIENT_FROM_REQUEST
        looked = self.provenance.looked_up(steps, col) or self.provenance.looked_up_within(
            steps, col, self.lookups.of
        )
        if looked:
            return f", from what it looks up through {_listed(looked)}", FIX_CLIENT_FROM_LOOKUP
        return "", FIX_CLIENT

    def _keeps_cookies(self, site: Site) -> bool:
        """Whether the session built at `site` holds one user's cookies: built with
        `cookies=`, or its function reads a session's `cookie_jar` or `cookies` (a captcha
        flow saving the jar the server filled), or forwards its caller's Cookie header, alone
        or among the headers it copies and sends (a proxy)."""
        func = self.p.funcs.get(site.func)
        if func is None:
            return False
        fd = func.fd
        for call in fd.calls:
            if (call.line, call.col) == (site.line, site.col) and any(
                key in _COOKIE_KEYWORDS for key, _value in call.kwargs
            ):
                return True
        refs = refs_in(fd, loops=True)
        return (
            self._jar_used_by_its_class(func, site)
            or any(
                not self._a_request_or_response(func, base)
                for ref in refs
                if attributes_read(ref) & _COOKIE_ATTRIBUTES
                for base in _cookie_holders(ref)
            )
            or any(
                self._a_request_or_response(func, headers[1])
                for ref in refs
                for headers in _cookie_headers_read(ref)
            )
            or any(
                self._a_request_or_response(func, base)
                for ref in _sent_as_headers(fd)
                for base in _copied_headers(ref)
            )
        )

    def _jar_used_by_its_class(self, func: Func, site: Site) -> bool:
        """Whether the session built at `site` and kept in an attribute of the instance
        (`self.session = aiohttp.ClientSession(...)` in `__init__`) has its cookies read or
        filled by a method of the class (`self.session.cookie_jar.update_cookies(...)` in a
        `sign_in`): each instance's session holds its own login."""
        cls = self.p.classes.get(func.class_gqn or "")
        made = next((c for c in func.fd.calls if (c.line, c.col) == (site.line, site.col)), None)
        if cls is None or made is None or not func.fd.params:
            return False
        me = ("name", func.fd.params[0].name)
        kept = {
            attr
            for base, attr, value in func.fd.attr_stores
            if base == me and value[0] == "call" and value[1] == made.func
        }
        for name in cls.cd.methods if kept else ():
            method = self.p.method(cls.gqn, name)
            if method is None or not method.fd.params:
                continue
            own = ("name", method.fd.params[0].name)
            holders = {("attr", own, attr) for attr in kept}
            for ref in refs_in(method.fd, loops=True):
                if attributes_read(ref) & _COOKIE_ATTRIBUTES and not holders.isdisjoint(
                    _cookie_holders(ref)
                ):
                    return True
        return False

    def _a_request_or_response(self, func: Func, base: tuple) -> bool:
        """Whether `base` is the request a route reads its cookies from, or the response it
        sets them on (`request.cookies.get("XSRF-TOKEN")`): no session's jar."""
        value = self.p.value_of(func, base)
        return value is not None and type(value[1]) is str and value[1] in _HTTP_MESSAGES

    def _proxy_chosen(self, site: Site, steps: list[tuple[str, int]]) -> str | None:
        """`pick_proxy()` of `httpx.AsyncClient(proxy=pick_proxy())`: a proxy a call chooses
        as the client is built (not one read from settings), so each client may have its
        own — also through a local (`proxy = pick_proxy() if use_proxy else None`) or the
        parameter the caller on the path passes it in (`_one_get(url, proxy)`)."""
        func = self.p.funcs.get(site.func)
        if func is None:
            return None
        for call in func.fd.calls:
            if (call.line, call.col) == (site.line, site.col):
                for key, value in call.kwargs:
                    if key in _PROXY_KEYWORDS:
                        return self._chooser(func, value, steps[:-1])
        return None

    def _chooser(self, func: Func, value: tuple, callers: list[tuple[str, int]]) -> str | None:
        """The call that chose `value` in `func`: itself, a local's, or, for a parameter,
        what the caller on the path passes (one step up)."""
        values = [value]
        if value[0] == "name" and value[1] in func.fd.locals:
            values = func.fd.locals[value[1]]
        for ref in values:
            chosen = _first_call(ref)
            if chosen is not None:
                return f"{last_name(chosen)}()"
        names = [param.name for param in func.fd.params]
        if func.class_gqn is not None and names[:1] in (["self"], ["cls"]):
            names = names[1:]  # (bound: the call passes the rest)
        if value[0] != "name" or value[1] not in names or not callers:
            return None
        caller = self.p.funcs.get(callers[-1][0])
        if caller is None:
            return None
        for call in caller.fd.calls:
            if call.line == callers[-1][1] and last_name(call.func) == func.fd.name:
                passed = _argument_for(call, names, value[1])
                if passed is not None:  # (and one caller further up, at most)
                    return self._chooser(caller, passed, callers[-2:-1])
        return None

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


_PROXY_KEYWORDS = frozenset({"proxy", "proxies", "proxy_url"})


def _first_call(ref: tuple) -> tuple | None:
    """The function of the first call `ref` makes (`pick_proxy` of `pick_proxy() if use
    else None`), else None."""
    stack = [ref]
    while stack:
        item = stack.pop()
        if type(item) is not tuple or not item:
            continue
        if item[0] == "call":
            return item[1]
        stack.extend(reversed([part for part in item if type(part) is tuple]))
    return None


def _argument_for(call, names: list[str], name: str) -> tuple | None:
    """What `call` passes for the parameter `name` (by keyword, or by position)."""
    for key, value in call.kwargs:
        if key == name:
            return value
    index = names.index(name)
    return call.args[index] if index < len(call.args) else None


def _listed(names: tuple[str, ...]) -> str:
    return ", ".join(f"`{name}`" for name in names)


def _cookie_headers_read(ref: tuple) -> list[tuple]:
    """The `x.headers` whose Cookie header the ref reads (`request.headers["cookie"]`,
    `request.headers.get("Cookie")`): a route forwarding its caller's cookies upstream, as a
    proxy does, whose session then keeps what the upstream sets for that caller."""
    found = []
    stack = [ref]
    while stack:
        item = stack.pop()
        if len(item) >= 3 and item[0] in ("sub", "call"):
            base, keys = item[1], item[2]
            if item[0] == "call" and base[0] == "attr" and base[2] == "get":
                base = base[1]
            if (
                base[0] == "attr"
                and base[2] == "headers"
                and keys[:1]
                and keys[0][0] == "const"
                and str(keys[0][1]).lower() == "cookie"
            ):
                found.append(base)
        stack.extend(part for part in item if type(part) is tuple)
    return found


def _copied_headers(ref: tuple) -> list[tuple]:
    """The `x.headers` the ref copies whole (`request.headers.items()` filtered by an
    allowlist, `dict(request.headers)`): every header `x` carries, its Cookie too."""
    if ref[0] == "call" and len(ref) >= 3:
        func, args = ref[1], ref[2]
        if func[0] == "attr" and func[2] == "items" and func[1][0] == "attr":
            return [func[1][1]] if func[1][2] == "headers" else []
        if func == ("name", "dict") and len(args) == 1 and args[0][0] == "attr":
            return [args[0][1]] if args[0][2] == "headers" else []
    return []


def _sent_as_headers(fd: FuncDef) -> list[tuple]:
    """What the function's calls send as `headers=`: the value itself, what a local so sent
    was bound to, and — a local's comprehension being unread — what it iterates, when a
    local is so sent (`headers = {k: v for k, v in request.headers.items() if ...}`)."""
    sent = [value for call in fd.calls for key, value in call.kwargs if key == "headers"]
    names = {value[1] for value in sent if value[0] == "name"}
    held = [ref for name in names for ref in fd.locals.get(name, ())]
    return [*sent, *held, *(fd.iterated if names else ())]


def _cookie_holders(ref: tuple) -> list[tuple]:
    """The objects whose `cookies` or `cookie_jar` the ref reads."""
    found = []
    stack = [ref]
    while stack:
        item = stack.pop()
        if len(item) == 3 and item[0] == "attr" and item[2] in _COOKIE_ATTRIBUTES:
            found.append(item[1])
        stack.extend(part for part in item if type(part) is tuple)
    return found


def _tests_a_connection(steps: list[tuple[str, int]], route: str | None) -> bool:
    """Whether the path passes a function named as a connection test (`test_connection`,
    `test_cache_connection`, or `check_redis_connection` behind a route ending in `/test`): it
    builds a client to try the settings it is given, then drops it — a fresh client is its
    purpose (an admin's button, not a request path to share one on). A health check
    (`check_db_connection` on `/health`) is not one: probes call it all day."""
    names = [gqn.rpartition(".")[2] for gqn, _line in steps]
    if any(name.startswith("test_") and "connection" in name for name in names):
        return True
    tail = (route or "").rpartition(" ")[2].rstrip("/").rpartition("/")[2]
    return tail == "test" and any("connection" in name for name in names)
