"""Which memo guards guard a cache that drops its entries after a while, so that what runs
on a miss runs again at each expiry, not once: a module cache built as one that expires
(`SYMBOLS = TTLCache(maxsize=10, ttl=300)`), a value read from a store that the same
function fills with an expiry (`hit = r.get(key)`, `if hit: return …`, then `r.set(key, v,
ex=1800)`, `r.setex(key, 300, v)`, `cache.set(key, v, timeout=60)`; also through the
service's own helpers, `await self._set_to_cache(key, v)` storing so), a value tested
against the clock as well as for being unset (`if self._expiry is None or now >
self._expiry:`), or a value a project function loads and judges against the clock
(`cached = load_cached_quiz()`, which gives back nothing once the file's date is not
today's)."""

from __future__ import annotations

from unjam.analysis.project import Func, Project
from unjam.analysis.rules.memo import unless_skipped
from unjam.analysis.summary import CLOCK_CALLS, FuncDef, Guard, last_name

# caches that drop entries after a time (cachetools, expiringdict)
_EXPIRING = frozenset({"TTLCache", "TLRUCache", "ExpiringDict"})
# a store's methods that set an entry with a lifetime, whatever their arguments (redis)
_STORES_EXPIRING = frozenset({"setex", "psetex", "expire", "pexpire", "expireat"})
# a store's keyword arguments that give an entry a lifetime (redis `ex`/`px`, cachetools-like
# and Django/aiocache `ttl`/`timeout`)
_LIFETIMES = frozenset({"ex", "px", "exat", "pxat", "ttl", "timeout", "expire", "expires"})


def expiring_cache(project: Project, func: Func, index: int) -> bool:
    """Whether guard `index` of `func` (or one it is nested in that tests the same object,
    a double-checked `if self._token is None or …:` around it) tests such a cache. An
    outer test of something else decides nothing: under `if frame is None or now >
    frame_time + retry:`, `if app.error_image is None:` fills the image once, however often
    the frame is stale."""
    if index < 0:
        return False
    guards = func.fd.guards
    held = _root(guards[index].subject)
    if held[0] == "name" and any(
        value[0] == "call" and last_name(value[1]) in _EXPIRING
        for _qn, value in func.mod.summary.global_values.get(held[1], ())
    ):
        return True  # (`SYMBOLS = TTLCache(maxsize=10, ttl=300)`)
    while index >= 0:
        guard = guards[index]
        subject = guard.subject
        if _root(subject) != held:
            return False
        if (
            _read_from_expiring_store(func.fd, subject)
            or _read_through_expiring_wrappers(project, func, subject)
            or _stale_by_clock(func.fd, guard)
            or _loaded_by_the_clock(project, func, subject)
            or _stamped_by_the_clock(func, subject)
        ):
            return True
        index = guard.outer
    return False


def _root(subject: tuple) -> tuple:
    """The name a tested expression starts from (`self` of `self._cache[key]`)."""
    while subject[0] in ("attr", "sub", "call") and type(subject[1]) is tuple:
        subject = subject[1]
    return subject


def _stamped_by_the_clock(func: Func, subject: tuple) -> bool:
    """`if cls._cache and now - cls._cache_time < TTL: return cls._cache` whose miss path
    stores the time beside the value (`cls._cache_time = now`, `now = time.time()`; or a
    global `_fetched_at = time.time()`): the value is refreshed once the stamp is old, so
    what runs on a miss runs again at each expiry. The test of the stamp itself is not in
    the summary; the stamp stored beside the value, read from the clock, says it."""
    fd = func.fd
    while subject[0] in ("call", "sub") and type(subject[1]) is tuple:
        subject = subject[1]
    if subject[0] == "attr":
        base, name = subject[1], subject[2]
        return any(
            stored_base == base and attr != name and _reads_clock(fd, value, 2)
            for stored_base, attr, value in fd.attr_stores
        )
    if subject[0] == "name" and subject[1] in fd.globals_declared:
        values = func.mod.summary.global_values
        return any(
            scope == fd.qn and _reads_clock(fd, value, 2)
            for name in fd.globals_declared
            if name != subject[1]
            for scope, value in values.get(name, ())
        )
    return False


def _stale_by_clock(fd: FuncDef, guard: Guard) -> bool:
    """`if self._expiry is None or now > self._expiry:` (`now = datetime.now()`): an unset
    test whose stamp (summary.py `Guard`) compares the clock, so the body runs again once
    the held value is older than it may be."""
    stamp = guard.returned
    if guard.kind not in ("is None", "not") or stamp is None or stamp[0] != "binop":
        return False
    return any(_reads_clock(fd, side, 2) for side in stamp[2:])


def _reads_clock(fd: FuncDef, ref: tuple, depth: int) -> bool:
    """Whether `ref` reads the time (`time.time()`, `datetime.now()`, `monotonic()`), also
    through a local assigned one (`now = datetime.now()`)."""
    stack = [ref]
    while stack:
        item = stack.pop()
        if not item:
            continue  # (a call's empty argument tuple)
        if item[0] == "call" and last_name(item[1]) in CLOCK_CALLS:
            return True
        local = fd.locals.get(item[1], ()) if item[0] == "name" and depth > 0 else ()
        if any(_reads_clock(fd, value, depth - 1) for value in local):
            return True
        stack.extend(part for part in item[1:] if type(part) is tuple)
    return False


def _read_from_expiring_store(fd: FuncDef, subject: tuple) -> bool:
    """`hit` of `hit = r.get(key)` / `hit = await r.get(key)`, where `fd` also stores into
    `r` with a lifetime."""
    if subject[0] != "name":
        return False
    stores = {site.func[1] for site in fd.calls if site.func[0] == "attr" and _with_lifetime(site)}
    for value in fd.locals.get(subject[1], ()):
        value = unless_skipped(value)
        if value[0] == "await":
            value = value[1]
        if value[0] == "call" and value[1][0] == "attr" and value[1][1] in stores:
            return True
    return False


def _read_through_expiring_wrappers(project: Project, func: Func, subject: tuple) -> bool:
    """`cached` of `cached = await self._get_from_cache(key)`, a project function, where `func`
    also calls a project function that stores with a lifetime (`await self._set_to_cache(key,
    data)`, whose body calls `self.redis.setex(key, ttl, …)`): the store wrapped in a
    service's own helpers expires as the store itself does."""
    if subject[0] != "name" or not any(
        _project_call(project, func, unless_skipped(value)) is not None
        for value in func.fd.locals.get(subject[1], ())
    ):
        return False
    for site in func.fd.calls:
        setter = _project_call(project, func, ("call", site.func))
        if setter is not None and any(
            c.func[0] == "attr" and _with_lifetime(c) for c in setter.fd.calls
        ):
            return True
    return False


def _project_call(project: Project, func: Func, value: tuple) -> Func | None:
    """The project function a call (`f(…)`, also awaited) in `func` runs, if known."""
    if value[0] == "await":
        value = value[1]
    if value[0] != "call":
        return None
    callee = project.callee(func, value[1])
    return project.funcs.get(callee[1]) if callee and callee[0] in ("func", "meth") else None


def _with_lifetime(site) -> bool:
    name = site.func[2]
    return name in _STORES_EXPIRING or (
        name.startswith("set") and any(_a_lifetime(key) for key, _ in site.kwargs)
    )


def _a_lifetime(keyword: str) -> bool:
    """`ex=`, `ttl=`, `timeout=`, also a project wrapper's `ttl_seconds=`/`expire_after=`."""
    return keyword in _LIFETIMES or keyword.startswith(("ttl_", "expire_", "expires_"))


def _loaded_by_the_clock(project: Project, func: Func, subject: tuple) -> bool:
    """`cached` of `cached = load_cached_quiz()` (also awaited), where that project function
    reads the clock itself: what it loads it judges fresh or stale by the time (a file
    stamped with the day), so a miss comes back when the time moves on."""
    if subject[0] != "name":
        return False
    for value in func.fd.locals.get(subject[1], ()):
        loader = _project_call(project, func, unless_skipped(value))
        if loader is not None and any(last_name(c.func) in CLOCK_CALLS for c in loader.fd.calls):
            return True
    return False
