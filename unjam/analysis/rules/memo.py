"""Which of a function's `if` tests are memo guards: the code under them runs once, when the
shared value they test is still unset, not on every call.

The summary records each test as written (`Guard` in summary.py); the judgement lives here,
with the rules that use it (UJ003 stays silent on a memoised client, UJ001 calls a blocking
call under such a guard a first-call stall rather than per-request work), so tuning it never
means touching the summariser or its Rust twin.

A guard is a memo guard when the value it tests outlives the call:
- a module global (also one the function imports itself, `from app.hw import hw` then `if
  not hw.specs:`), a class attribute (`cls._client`, `Service._client`), a container
  (`if key not in _cache:`; also a one-entry cache, `if _pid != pid:` whose body sets
  `_pid`, recorded so), or shared app state (`request.app.state.client`);
- an early return of such a value (`if key in _cache: return _cache[key]`: the rest of the
  block runs on a miss, also when the test ends a `with` block, `with self._lock: if kid in
  self._keys: return self._keys[kid]`; `if done: return response` is no memo, nor is `if app.single_mode:
  return [app.single_id]` unless the function sets that flag), or a bare early return on a
  flag the function itself sets (`if self._ready: return` … `self._ready = True`, also
  through a method it calls on `self`: `self._apply(found)` storing `self._ready`;
  `if settings.disabled: return` is a switch, no memo, and so is a flag another function
  sets back to False, `self._flushed = False` when a new batch starts: once per batch);
- a local read from such a place (`client = _clients.get(name)` then `if client is None:`),
  or a cache's answer (`hit = cache.get_cache(key)`, or `hit = await get_cached_data(key)`,
  then `if hit: return hit`, when the miss path stores into a cache: `cache.set_cache(key,
  v)`, `await set_cached_data(key, v)`, also `if hit: keys = hit` whose `else:` stores back
  into the cache it read, `await cache_service.set(k, v)` (also when a call may skip the
  read: `hit = None if refresh else cache.get(key)`); one only some other code fills
  pays on every miss, `cached = await self._get_cached_tree()` in hei-fastapi); or a query for a
  model's row whose miss adds one through the same session (`found = db.query(Actor)….first()`
  then `if found is None:` … `db.add(found)`: a get-or-create, the database keeping what a
  miss made, once per new key) — not such a query alone (`run = db.get(Run, key)` then `if
  run is None: raise`), nor a `ContextVar`'s value for this context (`override =
  current.get()`, no key).
`hasattr(x, "a")` and `getattr(x, "a", None)` are judged as the `x.a` they read.
It is not one when the container holds work in flight (`if rid in self._threads: return` …
`self._threads[rid] = Thread(…)`: no result is kept, the test only skips a second start),
nor when the value is per call or per instance: `self.…` (unless the instance is
the process's one — a class instantiated only at module level, `handler = Handler()`, or by
start-up code — and the test reads a stored attribute, not a `@property` that computes its
answer: `if not self.running:`; or the test asks the file system about a path every instance
sets alike, written in the code: `if not self.weights.exists():`), a parameter
(`def get(session=None): if session is None: session = Session()`; but an attribute the
function fills on a parameter that holds the process's one instance of a class, `if
p.metadata is not None: return p.metadata` … `p.metadata = …` with every caller handing it
`provider()`'s memoised object, is kept as that singleton's `self.metadata` is), or a
local the function
builds itself (`x = None`, `path = Path(folder)` then `if not path.exists():`; but not a path
of literals and module-level names whose file the guarded code writes, `key =
Path(settings.KEY_PATH)`: every call names that file, which outlives it), a module table or
value that no code fills or rebinds (`if h in KNOWN: return KNOWN[h]`: what the program ships
with; project_index.py `written_names`), or the answer of
a function called right there (`if not fips_mode_active():`) or of a call about what this call
was given (`if not os.path.exists(config_path):` with `config_path` from a parameter, also
through an f-string, or `self.folder` that an instance made per call was built with from its
arguments: `self.folder = f"/media/{product_id}"`) or makes anew
(`f"/tmp/run-{uuid.uuid4()}"`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from unjam.analysis.rules.disk_caches import fetches_the_tested_path, read_back_path
from unjam.analysis.slot_resets import slot_flag
from unjam.analysis.summary import (
    FILE_TESTS,
    VALUE_TESTS,
    CallSite,
    FuncDef,
    last_name,
    mentions,
    root_attribute,
    root_name,
)
from unjam.analysis.summary import under_guard as _under

# (function, parameter, attribute) → whether every call hands the parameter the process's one
# instance of a class whose attribute that is (callgraph_resolve.py asks the project)
SharedParam = Callable[[FuncDef, str, str], bool]

# assignments followed back from a tested path to a parameter (`url = body.get("url")`,
# `digest = md5(url)`, `name = digest[:12]`, `path = f"static/{name}.png"`)
_DERIVED_DEPTH = 6
_PER_CALL_STATE = frozenset({"request", "req", "websocket", "ws"})  # `request.state`: per call
_PATH_MAKERS = frozenset({"Path", "PurePath", "join"})
_READS = frozenset({"get", "setdefault"})
# `getattr(a, k)`; `logging.getLogger(name)`: the process's one logger of that name, so
# `if not logger.handlers:` … `logger.addHandler(h)` configures it once
_READ_FUNCS = frozenset(
    {("name", "getattr"), ("attr", ("name", "logging"), "getLogger"), ("name", "getLogger")}
)
_SELF = ("name", "self")
# a pair of methods that reads and writes back one kept thing (`get_catalogue`/`save_catalogue`)
_GETTERS = frozenset({"get", "load", "fetch", "read", "find", "lookup"})
_SETTERS = frozenset({"save", "set", "store", "put", "write", "cache", "upsert"})
_ROW_MAKERS = frozenset({"create", "add", "insert"})  # `crud.create_weather(db, row)`: kept too
_ATTRIBUTE_FUNCS = frozenset({("name", "getattr"), ("name", "hasattr")})
_ENVIRONMENT = frozenset({"environ", "getenv"})
_FRESH_VALUES = frozenset(
    {"uuid1", "uuid4", "mkdtemp", "mktemp", "token_hex", "token_urlsafe", "time", "time_ns"}
    | {"mkstemp", "NamedTemporaryFile", "TemporaryDirectory"}
    | {"now", "utcnow", "perf_counter", "monotonic"}
)


def _root(subject: tuple) -> tuple[tuple, bool]:
    """The innermost ref of `x.a[b].c()` (`x`), and whether the path passes `.app`, or a
    `.state` not of the request itself (`request.app.state`, `app.state`: one per process;
    Starlette's `request.state` lives as long as the request)."""
    shared = False
    while True:
        tag = subject[0]
        if tag == "attr":
            base = subject[1]
            shared = (
                shared
                or subject[2] == "app"
                or (
                    subject[2] == "state" and not (base[0] == "name" and base[1] in _PER_CALL_STATE)
                )
            )
            subject = base
        elif tag in ("sub", "await", "call"):
            subject = subject[1]
        elif tag == "boolop" and subject[1]:
            subject = subject[1][0]  # `(row or {}).get(k)` reads what `row` holds
        else:
            return subject, shared


def _outlives_call(
    fd: FuncDef,
    index: int,
    shared_self: bool = False,
    computed: frozenset[str] = frozenset(),
    written: frozenset[str] | None = None,
    rearmed: frozenset[str] = frozenset(),
    given: frozenset[str] = frozenset(),
    invalidated: frozenset[str] = frozenset(),
    per_call: frozenset[str] = frozenset(),
    fixed: frozenset[str] = frozenset(),
    shared_param: SharedParam | None = None,
    self_filled: frozenset[str] = frozenset(),
    filled_below: frozenset[tuple] = frozenset(),
) -> bool:
    """Whether guard `index` of `fd` tests what outlives the call (an index, not the guard:
    two tests written alike are two guards that compare equal); `self_filled`: the
    attributes of `self` that the methods `fd` calls on `self` store; `filled_below`: the
    module values its early exits test that the guarded calls fill (filled_below.py)."""
    guard = fd.guards[index]
    if guard.kind == "unset" and _refilled_on_miss(fd, guard.subject):
        return True
    if guard.kind.startswith(VALUE_TESTS) or guard.kind in ("except", "unset"):
        # a parameter's, a local's or a flag's value test (values.py), an error path: per
        # call; a fallback that fills nothing, run on each call that finds the value unset
        return False
    subject = _as_attribute(guard.subject)
    if guard.kind == "not in" and _tracks_running_work(fd, subject):
        return False  # `if rid in self._threads: return` … `self._threads[rid] = Thread(…)`
    if _creates_what_it_tests(fd, index):
        return True  # `if not client.bucket_exists(b): client.make_bucket(b)`: kept remotely
    if read_back_path(fd, index) is not None:
        return True  # `if os.path.exists(p): read p … else: write p`: kept on disk, per path
    if fetches_the_tested_path(fd, index):
        return False  # `if os.path.isfile(src): open(src) … else: requests.get(src)`
    if _asks_a_function(subject) or _asks_about_this_call(fd, subject, given):
        return False  # `if not fips_mode_active():` tests an answer, not a stored value
    if _reads_environment(subject):
        return False  # `if os.getenv("X"): return …`: configuration, nothing this code fills
    if subject[0] == "call" and subject[1][0] == "attr" and _no_key(subject):
        return False  # `if not deferring.get():`: a ContextVar's value for this context
    if subject[0] == "call" and subject[1][0] == "attr" and subject[1][2] == "empty":
        return False  # `while not q.empty():`: what a queue holds now, kept by no call
    if _asks_a_switch(fd, subject):
        return False  # `if not cfg.is_mock_mode():`: a setting's answer, which nothing fills
    if subject[0] == "boolop" and any(_decided_per_call(fd, part) for part in subject[1]):
        return False  # `if not (cfg.is_mock_mode() or dry_run):`: a switch or an argument
    root, via_app = _root(subject)
    if root[0] != "name":
        return False
    cached = guard.returned if guard.kind == "cached" else None
    if (
        cached is not None
        and not _returns_what_it_tested(fd, cached, root)
        and not _marked_and_kept(fd, subject, cached)
        and not (root[1] in fd.globals_declared and _sets(fd, subject, root))
    ):
        # `if done: return response`: an early exit, not a cached value — unless the flag is
        # a module global the function itself sets (`if _loaded: return _index is not None`
        # … `_loaded = True`): the rest runs once
        return False
    if (
        cached is not None
        and not _returns_what_it_tested(fd, cached, subject)
        and not _sets(fd, subject, root, self_filled)
        and guard.subject not in filled_below
    ):
        return False  # `if app.single_mode: return [app.single_id]`: a switch set elsewhere
    filled = guard.subject in filled_below or _sets(fd, subject, root, self_filled)
    if guard.kind == "done" and not filled:
        return False  # `if settings.disabled: return`: a switch, not a flag this call sets
    if guard.kind in ("done", "not") and _flag_name(subject) in rearmed:
        # `if self._finalized: return`, re-armed for each batch; `if not self.is_connected:
        # self.connect()`, a disconnect callback setting it back to False: not once
        return False
    if guard.kind in ("done", "cached") and slot_flag(guard.subject) in rearmed:
        return False  # `STATE["ready"] = False` by a caller, then the call: refilled there
    name = root[1]
    if name in per_call:
        return False  # (an enclosing call's local: `cache = {}` made anew on each call)
    if name == "self":
        if fixed and asks_the_file_system(subject) and _self_attr(subject) in fixed:
            return True  # `if not self.weights.exists():` of a fixed file: kept on disk
        return shared_self and _self_attr(subject) not in computed
    if name in fd.globals_declared:
        return name not in invalidated  # (a caller's `_keys = None` then `get_keys()`)
    for param in fd.params:
        if param.name == name:
            return name == "cls" or via_app or _kept_on_shared(fd, subject, name, shared_param)
    values = None if _imported_here(fd, name) else fd.locals.get(name)
    if values is not None:
        # a local: memoised only when read from somewhere that outlives the call (`x = None`
        # … `x = build()`, `path = Path(...)` … `if not path.exists():`, or `template =
        # f.read()` from a file this call opened, are per call)
        if guard.kind == "cached" and _app_state_switch(fd, values):
            return False
        if asks_the_file_system(subject) and _makes_fixed_file(fd, name, values, index):
            return True  # `key = Path(settings.KEY_PATH)`, `if not key.exists():` … written
        return any(
            _kept_read(fd, ref, written)
            or (guard.kind == "cached" and _filled_cache_answer(fd, ref))
            or (guard.kind == "cached" and _stored_back(fd, ref))
            or (guard.kind in ("is None", "not") and _row_stored(fd, ref, index))
            or (
                guard.kind in ("is None", "not")
                and (_got_then_created(fd, ref, index) or _got_then_added(fd, ref, index))
            )
            for ref in values
        )
    if subject == root:
        return not _unfilled(fd, root, written)
    if root_name(subject) and _unfilled(fd, root, written, root_attribute(subject)):
        # `if not celery_app.conf["eager"]:`: a module object's attribute or item (not a
        # call's answer: `os.path.exists(p)` asks the file system, which the guarded code
        # may fill) that no code stores into is configuration, unless this function may
        # fill it
        return _sets(fd, subject, root) or _calls_on(fd, root)
    return True


def unless_skipped(ref: tuple) -> tuple:
    """`cache.get(key)` of `None if force_refresh else cache.get(key)`: a read the call may
    skip holds what the read gives when it is made (skipped, it is a miss)."""
    if ref[0] == "ifexp":
        if ref[1] == ("const", None):
            return ref[2]
        if ref[2] == ("const", None):
            return ref[1]
    return ref


def _refilled_on_miss(fd: FuncDef, subject: tuple) -> bool:
    """`cached = await cache_service.get(k)`, `if cached: jwks = cached`, `else:` …
    `await cache_service.set(k, jwks, ttl_seconds=900)` (or `price_cache[k] = price`): the
    fallback fills the cache the tested local was read from (a kept object whose name says
    cache), so it runs on a miss, not on every call. The local holds nothing else but
    constants (`cached = None` before a `try`). So too a read of a key from a kept store
    whose fallback writes that key back to it (`cached = await redis.get(key)` … `await
    redis.set(key, rows, ex=600)`)."""
    if subject[0] != "name":
        return False
    caches = set()
    keyed = set()  # (store, key) of `store.get(key)`
    for value in fd.locals.get(subject[1], ()):
        value = unless_skipped(value)
        call = value[1] if value[0] == "await" else value
        if call[0] == "const":
            continue
        if call[0] != "call" or call[1][0] != "attr":
            return False
        if _asks_a_cache(call[1]):
            caches.add(call[1][1])
        elif call[1][2] in _GETTERS and call[2]:
            keyed.add((call[1][1], call[2][0]))
        else:
            return False
    if keyed and not caches:
        return all(_written_back(fd, store, key) for store, key in keyed)
    return any(
        site.func[0] == "attr"
        and site.func[1] in caches
        and site.func[2].partition("_")[0] in _SETTERS
        and _outlives(fd, site.func[1])
        for site in fd.calls
    ) or any(ref in caches and _outlives(fd, ref) for ref in fd.mutated)


def _written_back(fd: FuncDef, store: tuple, key: tuple) -> bool:
    """Whether `fd` writes `key` to the kept `store` it read it from (`store.set(key, …)`,
    `setex`, `put`, …): a store that outlives the call, or one a dependency hands in
    (`redis: Redis = Depends(get_redis)`: what it keeps lives in the server)."""
    handed_out = store[0] == "name" and all(
        _cache_accessor(value) for value in fd.locals.get(store[1], [("?",)])
    )
    return (_outlives(fd, store) or _injected(fd, store) or handed_out) and any(
        site.func[0] == "attr"
        and site.func[1] == store
        and site.func[2].partition("_")[0] in _SETTERS | {"setex", "hset"}
        and site.args[:1] == (key,)
        for site in fd.calls
    )


def _injected(fd: FuncDef, ref: tuple) -> bool:
    """Whether `ref` is a parameter FastAPI fills with a dependency (`= Depends(get_redis)`)."""
    return ref[0] == "name" and any(
        param.name == ref[1]
        and param.default is not None
        and param.default[0] == "call"
        and last_name(param.default[1]) in ("Depends", "Security")
        for param in fd.params
    )


def _keyed_store_read(fd: FuncDef, ref: tuple) -> bool:
    """`hit = await redis.get(key)` whose miss path writes `key` back to `redis`."""
    call = ref[1] if ref[0] == "await" else ref
    return (
        call[0] == "call"
        and call[1][0] == "attr"
        and call[1][2] in _GETTERS
        and bool(call[2])
        and _written_back(fd, call[1][1], call[2][0])
    )


def _returns_what_it_tested(fd: FuncDef, returned: tuple, root: tuple) -> bool:
    """Whether the early return gives back the tested value: itself, or a local made from
    it (`cached = cache.get(k)`, `if cached:`, `data = json.loads(cached)`, `return
    Response(data)`)."""
    if mentions(returned, root):
        return True
    stack = [returned]
    while stack:
        item = stack.pop()
        if item[:1] == ("name",) and item != root:
            values = fd.locals.get(item[1], ())
            if any(mentions(value, root) for value in values):
                return True
        stack.extend(part for part in item if type(part) is tuple)
    return False


def _marked_and_kept(fd: FuncDef, subject: tuple, cached: tuple) -> bool:
    """`if state in _LOADED: return _INDEX.get(state)` … `_LOADED.add(state)`, `_INDEX[state]
    = data`: one module container marks what is loaded, another keeps it, and this function
    fills both — a cache whose answer comes from the second; also `if _loaded: return _model`
    … `_model = load()`, `_loaded = True` (or the same through `self`): a flag beside the
    kept value, both set here."""
    if _flag_beside_value(fd, subject, cached):
        return True
    table = _table_read(cached)
    return (
        subject[0] == "name"
        and table is not None
        and table[0] == "name"
        and table[1] not in fd.locals
        and _sets(fd, subject, subject)
        and _sets(fd, table, table)
    )


def _flag_beside_value(fd: FuncDef, subject: tuple, cached: tuple) -> bool:
    """Both the tested flag and the returned value are module globals this function
    declares, or attributes of `self`, and it sets both."""
    if subject[0] == "name" and cached[0] == "name":
        declared = fd.globals_declared
        if subject[1] not in declared or cached[1] not in declared:
            return False
    elif not (
        subject[0] == "attr" and cached[0] == "attr" and subject[1] == cached[1] == ("name", "self")
    ):
        return False
    return _sets(fd, subject, _root(subject)[0]) and _sets(fd, cached, _root(cached)[0])


_ADDS = frozenset({"add", "append", "update", "setdefault", "extend"})
# methods that fill an attribute of their object: `logger.addHandler(h)` fills `logger.handlers`
_FILLS_ATTRIBUTE = {"addHandler": "handlers"}


def _adds_to(fd: FuncDef, container: tuple) -> bool:
    """Whether `fd` puts something into `container` by a method (`_loaded.add(key)`)."""
    return any(
        site.func[0] == "attr" and site.func[1] == container and site.func[2] in _ADDS
        for site in fd.calls
    )


def _kept_read(fd: FuncDef, ref: tuple, written: frozenset[str] | None) -> bool:
    """Whether a local's value is read from somewhere that outlives the call."""
    return (
        _is_read(ref)
        and not _part_of_an_answer(ref)
        and not _reads_environment(ref)
        and not _reads_call_data(fd, ref)
        and not (_reads_an_argument(fd, ref) and not _keyed_store_read(fd, ref))
        and not _unfilled(fd, _table_read(ref), written)
        and not _cache_left_unfilled(fd, ref)
        and not _keyed_anew(fd, ref)
    )


def _keyed_anew(fd: FuncDef, ref: tuple) -> bool:
    """`store.get(f"invite:{code}")` with `code = generate_random_code()`: a key new on
    every call, so every call misses."""
    call = ref[1] if ref[0] == "await" else ref
    return call[0] == "call" and any(
        _from_arguments(fd, arg, _DERIVED_DEPTH, fresh_only=True)
        for arg in (*call[2], *(value for _name, value in call[3]))
    )


def _part_of_an_answer(ref: tuple) -> bool:
    """`create(s, v).id`, `fetch()["rows"]`: an attribute or item of what a call made right
    there returns, which is per call, unless the call reads a cache (`cache.get(k).data`)."""
    if ref[0] == "await":
        ref = ref[1]
    if ref[0] not in ("attr", "sub"):
        return False
    while ref[0] in ("attr", "sub") and type(ref[1]) is tuple:
        ref = ref[1]
    if ref[0] == "await":
        ref = ref[1]
    return ref[0] == "call" and not _is_read(ref)


def _unfilled(
    fd: FuncDef, root: tuple | None, written: frozenset[str] | None, attribute: str = ""
) -> bool:
    """A module-level table or value no code fills or rebinds (`if h in KNOWN_HASHES:
    return KNOWN_HASHES[h]`): a lookup in what the program was written with, not a value an
    earlier call left (project_index.py `written_names`); with `attribute` (`settings.
    STREAM_LOAD` of a test of it), one whose other attributes only are written
    (`settings.CRON = …`). A class (a CamelCase name) keeps what its methods store through
    `cls`, and a parameter or local is another matter: not judged here."""
    if written is None or root is None or root[0] != "name":
        return False
    name = root[1]
    if name in written or (name[:1].isupper() and not name.isupper()):
        return False
    if f"{name}." in written and (not attribute or attribute in written):
        return False
    local = name in fd.locals and not _imported_here(fd, name)
    return not local and all(param.name != name for param in fd.params)


def _imported_here(fd: FuncDef, name: str) -> bool:
    """`from app.hw import hw` in the function itself: a local bound to the module's one
    object, judged as the module-level name."""
    values = fd.locals.get(name) or ()
    return bool(values) and all(value[0] == "imp" for value in values)


def _table_read(ref: tuple) -> tuple | None:
    """The bare name `X` of `X[k]` / `X.get(k)`, a lookup in a table, else None."""
    if ref[0] == "await":
        ref = ref[1]
    if ref[0] == "sub":
        return ref[1] if ref[1][0] == "name" else None
    if ref[0] == "call" and ref[1][0] == "attr" and ref[1][2] in _READS:
        return ref[1][1] if ref[1][1][0] == "name" else None
    return None


def _reads_call_data(fd: FuncDef, ref: tuple) -> bool:
    """Whether a read looks up something this call made: its root is a local of `fd` that
    holds only what the call built (`f` of `with open(p) as f`, `data = json.load(f)`), not
    an alias of shared state (`cache = self._cache`, `cache = _CACHE`)."""
    root = _root(ref)[0]
    return root[0] == "name" and _holds_call_data(fd, root[1], set())


def _reads_an_argument(fd: FuncDef, ref: tuple, seen: frozenset[str] = frozenset()) -> bool:
    """Whether a read looks into what the caller passed (`subscription = event.data.object`,
    `ext = image.rsplit(".")[-1]`, or through a local read from it: `row = rows.get(name)`
    then `row["text"]`): per call, as a test of the parameter itself is — unless through app
    state (`request.app.state.client`), `self`/`cls` (judged as the instance or class), or a
    cache the caller hands over (`hit = cache.get(key)`)."""
    root, via_app = _root(_as_attribute(ref))
    if via_app or root[0] != "name" or root[1] in ("self", "cls") or root[1] in seen:
        return False
    if all(param.name != root[1] for param in fd.params):
        values = fd.locals.get(root[1])
        if not values or root[1] in fd.globals_declared:
            return False
        return all(
            _is_read(value) and _reads_an_argument(fd, value, seen | {root[1]}) for value in values
        )
    node = ref
    while node[0] in ("attr", "sub", "await", "call"):
        if node[0] == "attr" and "cache" in node[2].lower():
            return False
        node = node[1]
    return "cache" not in root[1].lower()


def _holds_call_data(fd: FuncDef, name: str, seen: set[str]) -> bool:
    if name in seen:
        return True  # (`x = x[0]`: what it held before)
    values = fd.locals.get(name)
    if not values or name in fd.globals_declared:
        return False  # a parameter, a global: it may outlive the call
    seen.add(name)
    for value in values:
        if _cache_accessor(value):
            return False  # `cache = get_cache()`: the process's cache, handed out
        if value[0] == "name" or _is_read(value):
            inner = _root(value)[0]
            if inner[0] != "name" or not _holds_call_data(fd, inner[1], seen):
                return False
    return True


def _cache_accessor(ref: tuple) -> bool:
    """`get_cache()`, `await get_redis_cache()`, `get_redis_client(tenant_id=t)`: a call of a
    function named for a cache or Redis, which hands out a store the process keeps (what it
    holds lives there, not in the call)."""
    if ref[0] == "await":
        ref = ref[1]
    if ref[0] != "call":
        return False
    name = last_name(ref[1])
    return type(name) is str and ("cache" in name.lower() or "redis" in name.lower())


def _as_attribute(subject: tuple) -> tuple:
    """`hasattr(x, "a")` / `getattr(x, "a", None)` as the `x.a` it reads, so that the test
    is judged by where `x` lives (`self` of a per-request object is no memo holder); a
    logger's `hasHandlers()` as the `logger.handlers` it reads."""
    if (
        subject[0] == "call"
        and subject[1] in _ATTRIBUTE_FUNCS
        and len(subject[2]) >= 2
        and subject[2][1][0] == "const"
        and type(subject[2][1][1]) is str
    ):
        return ("attr", subject[2][0], subject[2][1][1])
    if subject[0] == "call" and subject[1][0] == "attr" and subject[1][2] == "hasHandlers":
        return ("attr", subject[1][1], "handlers")
    return subject


def _reads_environment(ref: tuple) -> bool:
    """`os.environ.get(k)`, `os.environ[k]`, `os.getenv(k)` (or `environ`/`getenv` imported):
    the process's configuration, which no call fills (`from_env = os.getenv("GIT_COMMIT")`
    then `if from_env: return from_env` is a setting, not a memo)."""
    if ref[0] == "await":
        ref = ref[1]
    if ref[0] == "call":
        ref = ref[1]
        if ref[0] == "attr" and ref[2] == "get":
            ref = ref[1]
    elif ref[0] == "sub":
        ref = ref[1]
    else:
        return False
    if ref[0] == "attr":
        return ref[2] in _ENVIRONMENT and ref[1] == ("name", "os")
    return ref[0] == "name" and ref[1] in _ENVIRONMENT


def asks_the_file_system(subject: tuple) -> bool:
    """`x.exists()`, `x.is_file()`, `os.path.exists(x)` and their kin."""
    if subject[0] == "await":
        subject = subject[1]
    return subject[0] == "call" and last_name(subject[1]) in FILE_TESTS


def fixed_paths(methods: list[FuncDef]) -> frozenset[str]:
    """The attributes of `self` every store of which is a path written in the code
    (`self.weights = Path("data") / "models" / "tagger.pt"`): each instance names the same
    file, which outlives the instance that made it."""
    fixed: set[str] = set()
    varying: set[str] = set()
    for fd in methods:
        for base, attr, value in fd.attr_stores:
            if base == _SELF:
                (fixed if _written_path(value) else varying).add(attr)
    return frozenset(fixed - varying)


def _written_path(ref: tuple) -> bool:
    """A path made of literals only: `"data/m.pt"`, `Path("data") / "m.pt"`,
    `os.path.join("data", "m.pt")`."""
    tag = ref[0]
    if tag == "const":
        return isinstance(ref[1], str)
    if tag == "binop":
        return ref[1] == "Div" and _written_path(ref[2]) and _written_path(ref[3])
    if tag == "call" and last_name(ref[1]) in _PATH_MAKERS and not ref[3]:
        return bool(ref[2]) and all(_written_path(arg) for arg in ref[2])
    return False


def _makes_fixed_file(fd: FuncDef, name: str, values: list[tuple], index: int) -> bool:
    """Whether local `name` is the same path on every call (`Path(settings.KEY_PATH)`,
    `os.path.join(KEYS, "jwt.pem")`: literals and module-level names) and the code under the
    test writes it (`open(name, "wb")`, `name.parent.mkdir()`, `name.write_bytes(…)`): the
    file outlives the call, so later calls find it."""
    if fd.params and any(p.name == name for p in fd.params):
        return False
    if not all(_same_path_each_call(fd, value) for value in values):
        return False
    held = ("name", name)
    return any(
        _under(fd, call.guard, index)
        and (
            held in call.args
            or root_name(call.func[1] if call.func[0] == "attr" else call.func) == name
        )
        for call in fd.calls
    )


def _same_path_each_call(fd: FuncDef, ref: tuple) -> bool:
    """A path of literals and module-level names (`settings.KEY_PATH`, `BASE_DIR`), which no
    parameter or local of the function decides."""
    tag = ref[0]
    if tag == "const":
        return isinstance(ref[1], str)
    if tag == "name" or tag == "attr":
        root = root_name(ref)
        return bool(root) and root not in fd.locals and all(p.name != root for p in fd.params)
    if tag == "binop":
        return (
            ref[1] == "Div"
            and _same_path_each_call(fd, ref[2])
            and _same_path_each_call(fd, ref[3])
        )
    if tag == "call" and last_name(ref[1]) in _PATH_MAKERS and not ref[3]:
        return bool(ref[2]) and all(_same_path_each_call(fd, arg) for arg in ref[2])
    return False


def _kept_on_shared(
    fd: FuncDef, subject: tuple, name: str, shared_param: SharedParam | None
) -> bool:
    """`if client._well_known is not None: return client._well_known` … `client._well_known
    = …`: the function fills the attribute it tests on a parameter every caller hands the
    process's one instance of a class (`shared_param`), kept as a singleton's `self.x` is."""
    if shared_param is None:
        return False
    attr = _attribute_of(subject, ("name", name))
    return (
        attr is not None
        and any(base == ("name", name) and stored == attr for base, stored, _ in fd.attr_stores)
        and shared_param(fd, name, attr)
    )


def _self_attr(subject: tuple) -> str | None:
    """`x` of `self.x…` (`self.x.y`, `self.x[k]`, `self.x.get(k)`): the attribute of the
    instance the test reads."""
    return _attribute_of(subject, _SELF)


def _attribute_of(subject: tuple, owner: tuple) -> str | None:
    """`x` of `owner.x…`: the attribute of `owner` the test reads."""
    while subject[0] in ("attr", "sub", "call", "await"):
        inner = subject[1]
        if subject[0] == "attr" and inner == owner:
            return subject[2]
        subject = inner
    return None


def fills_its_test(fd: FuncDef, index: int, self_filled: frozenset[str] = frozenset()) -> bool:
    """Whether guard `index` tests an attribute of `self` that `fd` itself sets (`if not
    self._loaded:` … `self._loaded = True`), or a method it calls on `self` does (in
    `self_filled`): a memo of whatever instance the call is on, not only of one the app
    keeps (`if self.content: return self.content` may be a value the instance was built
    with)."""
    subject = _as_attribute(fd.guards[index].subject)
    root, _via_app = _root(subject)
    return root == _SELF and subject != root and _sets(fd, subject, root, self_filled)


def _sets(
    fd: FuncDef, subject: tuple, root: tuple, self_filled: frozenset[str] = frozenset()
) -> bool:
    """Whether `fd` sets the flag its early exit tests (`if self._ready: return` … `self._ready
    = True`): it declares the global, stores an attribute on the flag's path, changes a
    container on it in place (`self._done["sync"] = True`, `_loaded.add(key)`), calls the
    method that fills it (`if logger.handlers: return logger` … `logger.addHandler(h)`), or
    calls a method on `self` that stores the tested attribute (`if self._endpoint: return` …
    `self._resolve(found)`, which sets `self._endpoint`: `self_filled`)."""
    if root[1] in fd.globals_declared:
        return True
    if self_filled and root == _SELF and _self_attr(subject) in self_filled:
        return True
    path = set()
    ref = subject
    while ref[0] in ("attr", "sub", "call", "await"):
        if ref[0] == "attr":
            path.add(ref)
        ref = ref[1]
    path.add(ref)
    return (
        any(("attr", base, attr) in path for base, attr, _ in fd.attr_stores)
        or any(changed in path for changed in fd.mutated)
        or any(_adds_to(fd, ref) for ref in path)
        or any(
            site.func[0] == "attr"
            and ("attr", site.func[1], _FILLS_ATTRIBUTE.get(site.func[2], "")) in path
            for site in fd.calls
        )
    )


def _calls_on(fd: FuncDef, root: tuple) -> bool:
    """Whether `fd` calls a method of `root` (`if not registry.loaded: registry.load()`),
    which may fill what the test reads."""
    return any(site.func[0] == "attr" and site.func[1] == root for site in fd.calls)


def _flag_name(subject: tuple) -> str | None:
    """The attribute (`self._done`) or global (`_done`) name a done-flag test reads."""
    if subject[0] == "attr":
        return subject[2]
    return subject[1] if subject[0] == "name" else None


_PREDICATES = ("is_", "should_", "use_", "uses_", "enabled", "disabled")


def _asks_a_switch(fd: FuncDef, subject: tuple) -> bool:
    """`cfg.is_mock_mode()`: a question with no argument to an object (a setting's answer),
    where the function calls nothing else on that object that could change the answer."""
    if subject[0] != "call" or subject[1][0] != "attr" or subject[2] or subject[3]:
        return False
    method, receiver = subject[1][2], subject[1][1]
    if not method.lstrip("_").startswith(_PREDICATES):
        return False
    return not any(
        site.func[0] == "attr" and site.func[1] == receiver and site.func != subject[1]
        for site in fd.calls
    )


def _decided_per_call(fd: FuncDef, part: tuple) -> bool:
    """An operand of a test that no memo fills: a parameter, a setting's answer, a
    function's answer."""
    if part[0] == "name" and any(p.name == part[1] for p in fd.params):
        return True
    return _asks_a_switch(fd, part) or _asks_a_function(part)


def _asks_a_function(subject: tuple) -> bool:
    """`f()` / `await f()` with `f` a bare name other than a read (`getattr`)."""
    if subject[0] == "await":
        subject = subject[1]
    return subject[0] == "call" and subject[1][0] == "name" and subject[1] not in _READ_FUNCS


def _asks_about_this_call(fd: FuncDef, subject: tuple, given: frozenset[str]) -> bool:
    """`os.path.exists(path)` / `cfg.is_file()` on what this call was given (a parameter,
    a local built from one: `path = os.path.join(model_dir, ...)`, or an attribute `given`
    names, one the instance was built with: `self.path = f"/media/{product_id}"`): an
    answer about this call's input, not a value kept from an earlier call. A read
    (`_cache.get(key)`) stays a lookup."""
    if subject[0] == "await":
        subject = subject[1]
    if subject[0] != "call" or _is_read(subject):
        return False
    func = subject[1]
    operands = [*subject[2], *(value for _name, value in subject[3])]
    if func[0] == "attr":
        operands.append(func[1])
    return any(_from_arguments(fd, ref, _DERIVED_DEPTH, given) for ref in operands)


def _from_arguments(
    fd: FuncDef,
    ref: tuple,
    depth: int,
    given: frozenset[str] = frozenset(),
    fresh_only: bool = False,
    fetched: bool = False,
) -> bool:
    """Whether `ref` is built from the call's arguments: it reads a parameter (not
    `self`/`cls`), an attribute of `self` among `given`, or a local assigned from one
    (`config_path = os.path.join(model_dir, ...)`), `depth` assignments deep. A local from
    settings or constants (`assets_dir = os.getenv(...)`) is the same on every call. Each
    local's values are looked into once (the names read at one depth, then theirs).
    `fresh_only`: only whether it is built from a value new on every call (`key =
    generate_random_string()`). `fetched`: also from data the call fetched or iterates
    over (an `await`, or a value the summary does not model: a loop variable, an unpacked
    item)."""
    seen: set[str] = set()
    level = [ref]
    for _ in range(depth + 1):
        names: list[str] = []
        stack = level
        while stack:
            item = stack.pop()
            if not item or item[0] == "const":
                continue
            if fetched and item[0] in ("await", "?"):
                return True
            if fetched and item[0] == "ifexp":
                # the test only picks a branch: its comparisons (unmodelled, "?") are no
                # fetched data (`"/var/lib" if is_root else here`, `is_root = env == "1"`)
                if _from_arguments(fd, item[3], depth, given):
                    return True
                stack.extend((item[1], item[2]))
                continue
            if item[0] == "attr" and item[1] == _SELF and item[2] in given and not fresh_only:
                return True
            if item[0] == "call" and _fresh(item[1]):
                return True  # `f"/tmp/run-{uuid.uuid4()}"`: a new name on every call
            if item[0] == "name" and type(item[1]) is str:  # (not a `name=` keyword pair)
                name = item[1]
                if name in ("self", "cls") or name in seen:
                    continue
                if any(param.name == name for param in fd.params):
                    if fresh_only:
                        continue
                    return True
                seen.add(name)
                names.append(name)
                continue
            stack.extend(part for part in item if type(part) is tuple)
        level = [v for name in names for v in fd.locals.get(name, ())]
        if not level:
            return False
    return False


def _fresh(func: tuple) -> bool:
    """A call that makes a new value every time: a random id, a temporary name, the time;
    also a helper named for one (`generate_random_string()`, `new_uuid()`)."""
    name = func[2] if func[0] == "attr" else func[1] if func[0] == "name" else None
    return type(name) is str and (
        name in _FRESH_VALUES
        or (name != "UUID" and any(word in name.lower() for word in _FRESH_WORDS))
    )


_FRESH_WORDS = ("random", "uuid", "nonce")  # (not `uuid.UUID(text)`, which parses one)


def _asks_a_cache(method: tuple) -> bool:
    """`cache.lookup` / `self.get_cache` / `clients_cache.get`: a method whose name, or its
    receiver's, says cache."""
    receiver = _root(method[1])[0]
    return "cache" in method[2].lower() or (
        receiver[0] == "name" and "cache" in receiver[1].lower()
    )


def _cache_left_unfilled(fd: FuncDef, ref: tuple) -> bool:
    """`cached = await self._get_cached_tree()` then `if cached is not None: return cached`
    in a function that stores nothing in a cache on a miss: whatever fills that cache (an
    edit elsewhere, or nothing), the code after the test runs on every miss, not once. A
    miss path that calls a cache's method (`clients_cache.set_cache(...)`), or stores into
    something named cache, fills it. Table reads (`_cache.get(key)`) are judged as such."""
    if ref[0] == "await":
        ref = ref[1]
    if ref[0] != "call" or ref[1] in _READ_FUNCS:
        return False
    reader = ref[1]
    if reader[0] == "attr":
        if reader[2] in _READS or not _asks_a_cache(reader):
            return False
    elif not _cache_function(reader):
        return False
    fills = any(site.func != reader and _says_cache(site.func) for site in fd.calls) or any(
        _says_cache(target) for target in fd.mutated
    )
    return not fills and not _stored_into_argument(fd, ref)


def _stored_into_argument(fd: FuncDef, call: tuple) -> bool:
    """`cached = await get_cached_weather(city, self.storage)` whose miss path saves through
    the store it handed the helper (`await self.storage.save_to_storage(city, data)`): the
    helper reads what the miss stores, a cache kept behind that object (S3, a table), which
    the function's instance or module holds."""
    call = call[1] if call[0] == "await" else call
    stores = {
        arg
        for arg in call[2]
        if arg[0] in ("name", "attr") and (_outlives(fd, arg) or _self_attr(arg))
    }
    return any(
        site.func[0] == "attr"
        and site.func[1] in stores
        and site.func[2].partition("_")[0] in _SETTERS
        for site in fd.calls
    )


def _app_state_switch(fd: FuncDef, values: list[tuple]) -> bool:
    """`factory = getattr(app.state, "factory", None)`, `if factory is not None: return
    await factory(log)`, with nothing in `fd` storing `app.state.factory`: a setting the
    deployment's start-up leaves there or not, not a value this function keeps."""
    names = {_state_attribute(ref) for ref in values} - {None}
    if not names:
        return False
    stored = {attr for base, attr, _value in fd.attr_stores if _is_state(base)}
    stored |= {
        site.args[1][1]
        for site in fd.calls
        if site.func == ("name", "setattr")
        and len(site.args) > 1
        and _is_state(site.args[0])
        and site.args[1][0] == "const"
    }
    return not names & stored


def _state_attribute(ref: tuple) -> str | None:
    """`x` of `app.state.x` or `getattr(app.state, "x", …)` (any `….state`)."""
    if ref[0] == "attr" and _is_state(ref[1]):
        return ref[2]
    if ref[0] == "call" and ref[1] == ("name", "getattr") and len(ref[2]) > 1:
        target, key = ref[2][0], ref[2][1]
        if _is_state(target) and key[0] == "const" and type(key[1]) is str:
            return key[1]
    return None


def _is_state(ref: tuple) -> bool:
    return ref[0] == "attr" and ref[2] == "state"


def _says_cache(ref: tuple) -> bool:
    """A call's target or a stored-into ref whose name, or its receiver's, says cache."""
    if ref[0] == "sub":
        ref = ref[1]
    if ref[0] == "attr":
        return _asks_a_cache(ref)
    return ref[0] == "name" and "cache" in ref[1].lower()


def _no_key(call: tuple) -> bool:
    """`current.get()` with no key: a `ContextVar`'s value for this context (per request,
    set by whoever runs it) or a queue's next item, not a lookup in a kept table."""
    return call[1][2] == "get" and not call[2] and not call[3]


def _is_read(ref: tuple) -> bool:
    """`a.b`, `a[k]`, `a.get(k)`, `getattr(a, k)`, `logging.getLogger(name)` (awaited or
    not): a value looked up; or a cache's answer (`cache.get_cache(k)`,
    `clients_cache.lookup(k)`): a method whose name or receiver says cache."""
    if ref[0] == "await":
        ref = ref[1]
    tag = ref[0]
    if tag == "attr" or tag == "sub":
        return True
    if tag == "call":
        func = ref[1]
        if func in _READ_FUNCS:
            return True
        if func[0] != "attr":
            return False
        return (
            func[2] in _READS and not _asks_for_a_model(ref) and not _no_key(ref)
        ) or _asks_a_cache(func)
    return False


def _cache_function(func: tuple) -> bool:
    """`get_cached_data(key)`: a function named for a cache (a Redis helper)."""
    return func[0] == "name" and type(func[1]) is str and "cache" in func[1].lower()


def _stored_back(fd: FuncDef, ref: tuple) -> bool:
    """`cached = await _repo.get_catalogue()` returned early, by a function whose miss path
    stores the same thing through the same object (`await _repo.save_catalogue(fresh)`): a
    cache kept behind a repository (MongoDB, a file), paid once per key and per expiry; also a
    row a CRUD module reads and creates (`crud.get_weather_by_city_and_date(db, …)`, then
    `crud.create_weather(db, row)` on a miss). The object must outlive the call (not a
    local, not a parameter)."""
    call = ref[1] if ref[0] == "await" else ref
    if call[0] != "call" or call[1][0] != "attr":
        return False
    reader, receiver = call[1][2], call[1][1]
    verb, _, what = reader.partition("_")
    if verb not in _GETTERS or not what or not _outlives(fd, receiver):
        return False
    kept = {what, what.partition("_by_")[0]}  # `get_weather_by_city_and_date`: a weather row
    stores = {f"{setter}_{thing}" for setter in _SETTERS | _ROW_MAKERS for thing in kept}
    return any(
        site.func[0] == "attr" and site.func[1] == receiver and site.func[2] in stores
        for site in fd.calls
    )


def _outlives(fd: FuncDef, ref: tuple) -> bool:
    """A name or attribute chain rooted at neither a local nor a parameter of `fd`, or at a
    name `fd` imports itself (`from litellm import clients_cache`: the module's object)."""
    root = _root(ref)[0]
    if root[0] != "name" or type(root[1]) is not str:
        return False
    name = root[1]
    if _imported_here(fd, name):
        return True
    return name not in fd.locals and all(param.name != name for param in fd.params)


def _filled_cache_answer(fd: FuncDef, ref: tuple) -> bool:
    """`hit = await get_cached_data(key)` returned early (`if hit: return hit`) by a function
    whose miss path fills that cache (`await set_cached_data(key, v)`): cache-aside through
    helper functions, a miss paying once per key. (A value merely read through such a helper,
    `metadata = load_metadata_with_cache(f)` then tested, is judged as any call's answer.)"""
    call = ref[1] if ref[0] == "await" else ref
    return call[0] == "call" and _cache_function(call[1]) and not _cache_left_unfilled(fd, ref)


def _row_stored(fd: FuncDef, ref: tuple, index: int) -> bool:
    """`found = (await db.execute(select(Actor).filter_by(name=name))).scalar_one_or_none()`
    (or `db.get(Actor, key)`, `db.query(Actor)….first()`) then `if found is None:` whose
    body adds a row through the same session (`db.add(found)`): a get-or-create, the
    database keeping what a miss made — the guarded work runs once per new key. Only the row
    itself tested: `elif not user.external_id:` asks a field of the row this call loaded,
    whatever its body stores."""
    guard = fd.guards[index]
    if guard.subject[0] != "name":
        return False
    session = _row_query_session(ref)
    if session is None:
        return False
    row = {guard.subject[1], *_models_asked(ref)}
    return any(
        call.func[0] == "attr"
        and call.func[1] == session
        and call.func[2] in _ROW_STORES
        and _under(fd, call.guard, index)
        and _adds_one_of(fd, call, row)
        for call in fd.calls
    )


def _models_asked(ref: tuple) -> set[str]:
    """The models a row query names (`Actor` of `select(Actor).filter_by(...)`)."""
    return {
        arg[1]
        for arg in _query_arguments(ref)
        if arg[0] == "name" and type(arg[1]) is str and arg[1][:1].isupper()
    }


def _adds_one_of(fd: FuncDef, call: CallSite, row: set[str]) -> bool:
    """Whether `db.add(...)` adds the row tested or one of the model queried (`db.add(found)`,
    `db.add(Actor(name=name))`, `actor = Actor(...)` then `db.add(actor)`): not another row
    (`db.add(Audit(status="FAILED"))` on a failed login, every time it fails). `row`: the
    name tested and the models queried."""
    for arg in call.args:
        values = fd.locals.get(arg[1], ()) if arg[0] == "name" else ()
        if arg[0] == "name" and arg[1] in row:
            return True  # (the row tested, maybe rebound to a new one)
        if any(_constructed(value) in row for value in (arg, *values)):
            return True
    return False


def _constructed(value: tuple) -> str:
    """`Actor` of `Actor(name=name)` or `models.Actor(...)`, else ""."""
    if value[0] != "call":
        return ""
    func = value[1]
    return func[1] if func[0] == "name" else func[2] if func[0] == "attr" else ""


_ROW_STORES = frozenset({"add", "add_all", "merge"})
_UNKNOWN = ("?",)  # an expression the summary does not model (a comparison)
_ROW_ANSWERS = frozenset({"first", "one_or_none", "scalar_one_or_none", "scalar", "get"})
_ROW_QUERIES = frozenset({"execute", "exec", "scalars", "query", "get"})


def _row_query_session(ref: tuple) -> tuple | None:
    """The session a query for one row goes through (a bare name, or an attribute of
    `self`: a service's `self.db`), else None."""
    if ref[0] == "await":
        ref = ref[1]
    if ref[0] != "call" or ref[1][0] != "attr" or ref[1][2] not in _ROW_ANSWERS:
        return None
    node = ref[1][1] if ref[1][2] != "get" else ref[1]
    while node[0] in ("attr", "call", "await"):
        if node[0] == "attr" and node[2] in _ROW_QUERIES and _a_session_ref(node[1]):
            return node[1]
        node = node[1]
    return None


def _a_session_ref(ref: tuple) -> bool:
    return ref[0] == "name" or (ref[0] == "attr" and ref[1] == _SELF)


def _query_arguments(ref: tuple) -> list[tuple]:
    """Every argument of every call in a query chain (`select(A).filter_by(name=name)`)."""
    found: list[tuple] = []
    stack = [ref]
    while stack:
        node = stack.pop()
        if node[0] == "await":
            stack.append(node[1])
        elif node[0] == "call":
            found.extend(node[2])
            found.extend(value for _key, value in node[3])
            stack.extend(node[2])
            stack.extend(value for _key, value in node[3])
            stack.append(node[1])
        elif node[0] == "attr":
            stack.append(node[1])
    return found


def _asks_for_a_model(call: tuple) -> bool:
    """`db.get(Run, run_id)`, `store.get(User, filters=...)`: a query for a row of the model
    it names (a class: a CamelCase name), as an ORM session's `get` is. A row found or made
    per key is kept by the database, not by the process: `if run is None:` after it is a
    get-or-create, run on every request that asks for a new one."""
    args = call[2]
    if not args or args[0][0] != "name":
        return False
    name = args[0][1]
    return type(name) is str and name[:1].isupper() and not name.isupper()


def keyed(fd: FuncDef, index: int) -> bool:
    """Whether memo guard `index` (or one it is nested in) caches per key, so that new
    keys pay again: it tests or reads a key that may differ between calls (_varies: from
    the call's arguments or from data it fetched; `if key not in _cache:`, `if url in
    self._seen: return self._seen[url]`, `hit = _cache.get(key)` then `if hit is None:`).
    `if _client is None:` holds one value, and so does `if "loaded" not in _state:`. A test
    of a parameter around it (`elif provider.startswith("http")`) is no memo: it tells
    which calls take the branch, not what the memo is kept by."""
    while index >= 0:
        guard = fd.guards[index]
        if guard.kind.startswith(VALUE_TESTS):
            index = guard.outer
            continue
        cached_at = read_back_path(fd, index)
        if cached_at is not None and _varies(fd, cached_at):
            return True  # (a disk cache at a path from the call's data: one file per key)
        if guard.kind == "not in":
            if guard.returned is not None and _varies(fd, guard.returned):
                return True
        elif _by_key(fd, guard.subject) or _tests_a_varying_path(fd, guard.subject):
            return True
        if (
            guard.kind == "cached"
            and guard.returned is not None
            and _read_by_key(fd, guard.returned)
        ):
            return True
        subject = guard.subject
        if subject[0] == "name" and any(_by_key(fd, v) for v in fd.locals.get(subject[1], ())):
            return True
        if subject[0] == "name" and any(
            _row_query_session(v) is not None
            and any(arg == _UNKNOWN or _from_arguments(fd, arg, 3) for arg in _query_arguments(v))
            for v in fd.locals.get(subject[1], ())
        ):
            # a get-or-create's row, by what the call was given (or by a filter unjam cannot
            # read, `Actor.name == name`: "each new key pays" is the weaker claim)
            return True
        index = guard.outer
    return False


def stores_row(fd: FuncDef, index: int) -> bool:
    """Whether memo guard `index` is a get-or-create's (`found = db.query(Actor)….first()`
    then `if found is None:` … `db.add(...)`: _row_stored) or a create-if-missing's
    (_creates_what_it_tests): the store keeps what the body made, no cache does."""
    subject = fd.guards[index].subject
    if _creates_what_it_tests(fd, index):
        return True
    return subject[0] == "name" and any(
        _row_stored(fd, v, index)
        or _got_then_created(fd, v, index)
        or _got_then_added(fd, v, index)
        for v in fd.locals.get(subject[1], ())
    )


def _got_then_added(fd: FuncDef, value: tuple, index: int) -> bool:
    """`cfg = get_cfg(db, key)` (or `repo.get_config(db, key)`) then `if not cfg:` …
    `db.add(cfg)`: a getter handed the session the guarded code adds the row tested
    through — a get-or-create whose query sits in a helper."""
    call = value[1] if value[0] == "await" else value
    if call[0] != "call" or not call[2] or call[2][0][0] != "name":
        return False
    if (last_name(call[1]) or "").partition("_")[0] not in _GETTERS:
        return False
    session, guard = call[2][0], fd.guards[index]
    return any(
        site.func[0] == "attr"
        and site.func[1] == session
        and site.func[2] in _ROW_STORES
        and _under(fd, site.guard, index)
        and _adds_one_of(fd, site, {guard.subject[1]})
        for site in fd.calls
    )


def _got_then_created(fd: FuncDef, value: tuple, index: int) -> bool:
    """`endpoint = crud.endpoint.get(db, id=k)`, `if not endpoint:` … `crud.endpoint.create_
    with_model(db, …)`: a getter and a creator of one store handed the same session."""
    call = value[1] if value[0] == "await" else value
    if call[0] != "call" or call[1][0] != "attr" or not call[2] or call[2][0][0] != "name":
        return False
    if call[1][2].partition("_")[0] not in _GETTERS:
        return False
    return _creates_through(fd, call[1][1], call[2][0], index)


_CREATORS = ("make", "create", "add", "put", "mkdir", "declare", "init")


def _creates_what_it_tests(fd: FuncDef, index: int) -> bool:
    """`if not client.bucket_exists(name): client.make_bucket(name)` (`index_exists` /
    `create_index`, `has_table` / `create_table`; `if not crud.get(db, id=k):
    crud.create(db, …)`): a create-if-missing through one client, the body making what the
    test found missing, with the same first argument; the store keeps it, so the body runs
    while it is missing only."""
    guard = fd.guards[index]
    subject = guard.subject[1] if guard.subject[0] == "await" else guard.subject
    if guard.kind != "not" or subject[0] != "call" or subject[1][0] != "attr":
        return False
    asked = subject[1][2]
    receiver = subject[1][1]
    first = subject[2][0] if subject[2] else None
    # (also a getter handed the store first, `if not crud.get(db, id=k): crud.create(db, …)`)
    getter = asked.partition("_")[0] in _GETTERS and first is not None and first[0] == "name"
    if "exist" not in asked and not asked.startswith("has_") and not getter:
        return False
    thing = _THING.sub("", asked.lstrip("_"))  # `episode` of `episode_exists`
    return _creates_through(fd, receiver, first, index, thing)


# what names the thing a test asks about: `episode_exists`, `has_episode`, `get_episode`
_THING = re.compile(r"^(?:has|get|find|fetch|exists?)_|_exists?$")


def _creates_through(
    fd: FuncDef, receiver: tuple, first: tuple | None, index: int, thing: str = ""
) -> bool:
    """Whether the code under guard `index` calls a creator of `receiver` (`make_bucket`,
    `create_with_model`) with the same first argument, or, one named for the `thing` the
    test asks about, with it as a keyword (`db.add_episode(eid=ep.eid, …)` under `if not
    db.episode_exists(ep.eid):`)."""
    return any(
        call.func[0] == "attr"
        and call.func[1] == receiver
        and call.func[2].lstrip("_").startswith(_CREATORS)
        and (
            first is None
            or (bool(call.args) and call.args[0] == first)
            or (
                bool(thing)
                and call.func[2].endswith(f"_{thing}")
                and any(value == first for _, value in call.kwargs)
            )
        )
        and _under(fd, call.guard, index)
        for call in fd.calls
    )


def _read_by_key(fd: FuncDef, ref: tuple) -> bool:
    """_by_key, also through the local it was kept in (`found = self._seen[url]` then
    `return found`)."""
    if ref[0] == "name":
        return any(_by_key(fd, value) for value in fd.locals.get(ref[1], ()))
    return _by_key(fd, ref)


def _by_key(fd: FuncDef, ref: tuple) -> bool:
    """`X[k]` / `X.get(k)` with a key `k` that may differ between calls (_varies; also as
    an item of a returned tuple: `return _cache[key], None`)."""
    if ref[0] == "await":
        ref = ref[1]
    if ref[0] == "list":  # a tuple, list or set display
        return any(_by_key(fd, item) for item in ref[1])
    if ref[0] == "sub":
        return _varies(fd, ref[2])
    if ref[0] == "call" and ref[1][0] == "attr" and ref[1][2] in _READS and ref[2]:
        return _varies(fd, ref[2][0])
    if ref[0] == "call" and (
        (ref[1][0] == "attr" and _asks_a_cache(ref[1])) or _cache_function(ref[1])
    ):
        # `self.check_cache(params)`: a cache's answer for what the call was given
        return any(_varies(fd, arg) for arg in ref[2])
    return False


def _tests_a_varying_path(fd: FuncDef, subject: tuple) -> bool:
    """`if not os.path.exists(path):` (a disk cache) with `path` named after what this call
    fetched or iterates over (`thumb_{digest}.png` of each post's image): one file per key."""
    if not asks_the_file_system(subject):
        return False
    call = subject[1] if subject[0] == "await" else subject
    operands = [*call[2], *(value for _name, value in call[3])]
    if call[1][0] == "attr":
        operands.append(call[1][1])
    return any(_varies(fd, ref) for ref in operands)


def _varies(fd: FuncDef, key: tuple) -> bool:
    """Whether a cache key may differ between calls: it is built from the call's arguments
    or from what the call fetched or iterates over (an awaited answer, a loop variable, a
    value the summary does not model), not only from constants, module names and the
    instance's attributes. Saying "each new key pays" of a key that never changes is the
    weaker claim; "the first call only" of one that does is false."""
    return _from_arguments(fd, key, 3, fetched=True)


class MemoGuards:
    """Which of a function's `guards` are memo guards (it, or a guard it is nested in),
    judged on demand: most functions have tests, few calls sit under them."""

    __slots__ = (
        "_computed",
        "_fd",
        "_filled_below",
        "_fixed",
        "_given",
        "_invalidated",
        "_known",
        "_per_call",
        "_rearmed",
        "_self_filled",
        "_shared_param",
        "_shared_self",
        "_written",
    )

    def __init__(
        self,
        fd: FuncDef,
        shared_self: bool = False,
        computed: frozenset[str] = frozenset(),
        written: frozenset[str] | None = None,
        rearmed: frozenset[str] = frozenset(),
        given: frozenset[str] = frozenset(),
        invalidated: frozenset[str] = frozenset(),
        per_call: frozenset[str] = frozenset(),
        fixed: frozenset[str] = frozenset(),
        shared_param: SharedParam | None = None,
        self_filled: frozenset[str] = frozenset(),
        filled_below: frozenset[tuple] = frozenset(),
    ) -> None:
        self._self_filled = self_filled  # what the methods `fd` calls on `self` store there
        self._filled_below = filled_below  # module values the guarded calls fill
        self._fixed = fixed  # the attributes of `self` that name a fixed file (fixed_paths)
        self._shared_param = shared_param  # (asked lazily: few guards test a parameter)
        self._written = written  # the names some code fills (None: take any as filled)
        # the enclosing functions' locals a nested function reads: made anew on each of
        # their calls (not where a function run once, a lifespan or an app builder, holds it)
        self._per_call = per_call
        # the globals a caller sets back to None before calling again (a refetch on demand)
        self._invalidated = invalidated
        self._rearmed = rearmed  # the flags some code sets back to False (a new cycle)
        self._fd = fd
        self._shared_self = shared_self  # `self` is a process-wide singleton
        # its class's @property names: `if not self.running:` asks one, it stores nothing
        self._computed = computed
        # the attributes of `self` its class sets from arguments (`set_from_arguments`)
        self._given = given
        self._known: list[int] = [-1] * len(fd.guards)  # -1 not judged yet, 0 no, 1 yes

    def tests_a_memo(self, index: int) -> bool:
        """Whether guard `index` itself is a memo test (not only nested in one)."""
        return self._outlives_call(index)

    def fills_its_test(self, index: int) -> bool:
        """Whether guard `index` tests an attribute of `self` that the call fills itself
        (module-level `fills_its_test`)."""
        return fills_its_test(self._fd, index, self._self_filled)

    def rearmed_flag(self, index: int) -> str:
        """The flag guard `index` tests when it would be a memo test but for code that sets
        the flag back to False after start (`_rearmed`: `self._is_loaded = False` in a
        setter): the guarded work runs again after each reset, not once. "" otherwise."""
        if not self._rearmed or self._outlives_call(index):
            return ""
        if not self._outlives_call(index, frozenset()):
            return ""
        subject = self._fd.guards[index].subject
        return _flag_name(_as_attribute(subject)) or slot_flag(subject) or ""

    def _outlives_call(self, index: int, rearmed: frozenset[str] | None = None) -> bool:
        return _outlives_call(
            self._fd,
            index,
            self._shared_self,
            self._computed,
            self._written,
            self._rearmed if rearmed is None else rearmed,
            self._given,
            self._invalidated,
            self._per_call,
            self._fixed,
            self._shared_param,
            self._self_filled,
            self._filled_below,
        )

    def __call__(self, index: int) -> bool:
        known = self._known[index]
        if known < 0:
            guard = self._fd.guards[index]
            memo = (guard.outer >= 0 and self(guard.outer)) or self._outlives_call(index)
            known = self._known[index] = 1 if memo else 0
        return known == 1


def _tracks_running_work(fd: FuncDef, container: tuple) -> bool:
    """Whether what `fd` stores in `container` is work it starts (a thread, a task, a
    future: `self._down_threads[rid] = SafeThread(...)`): the test skips a second start
    while the first runs, and keeps no result — each new key, and the same one once its
    entry is gone, runs the work again."""
    values = [value for base, _key, value in fd.item_stores if base == container]
    return bool(values) and all(_starts_work(fd, value) for value in values)


def _starts_work(fd: FuncDef, value: tuple) -> bool:
    if value[0] == "name":
        bound = fd.locals.get(value[1], ())
        value = bound[0] if len(bound) == 1 else value
    if value[0] == "await":
        return False
    called = last_name(value[1]) if value[0] == "call" else ""
    return bool(called) and (called in _STARTS or called.endswith(_RUNNING))


# what starts work that runs on while the caller goes on (`create_task(...)`, `pool.submit`)
_STARTS = frozenset({"create_task", "ensure_future", "submit", "run_in_executor", "spawn"})
_RUNNING = ("Thread", "Task", "Process", "Future", "Timer")


def set_from_arguments(methods: list[FuncDef]) -> frozenset[str]:
    """The attributes of `self` that the methods store from their arguments (`self.path =
    f"/media/{product_id}"`): a new instance may hold a new value, so `if not
    os.path.exists(self.path):` asks about this instance's input, not a value an earlier
    call left (unless the instance is the process's one: then its caller passes them once)."""
    names: set[str] = set()
    for fd in methods:
        for base, attr, value in fd.attr_stores:
            if base == _SELF and _from_arguments(fd, value, 3):
                names.add(attr)
    return frozenset(names)


# the memo kinds that hold a single value (rules/memo_paths.py `MemoPaths.memo_kinds`)
SINGLE = ("one", "disk")


def by_arguments(kinds: list[str]) -> bool:
    """Whether the memos (`MemoPaths.memo_kinds`) cache per argument, so new arguments pay
    again: a cache decorator on a function that takes any besides `self`/`cls`, or a guard
    keyed by them (`keyed`) — every one of them: one that holds a single value (`if _config
    is None:` in a loader a per-key cache calls) makes the call once per process."""
    return bool(kinds) and not any(k in SINGLE for k in kinds)


def all_of(kinds: list[str], kind: str) -> bool:
    """Whether every memo (`MemoPaths.memo_kinds`) is of `kind`: "row", get-or-creates (the
    database keeps what a miss made: a later request finds the row, no cache can be
    warmed); "expires", caches that drop their entries after a while (each expiry pays
    again; one that keeps its entries makes the call once per key, whatever expires around
    it); "disk", tests of the file system (what the first call made is kept on disk)."""
    return bool(kinds) and all(k == kind for k in kinds)
