"""Whether a client built on a request path is configured from what the request itself sends,
or from what it looks up (a tenant's stored credentials).

UJ003's usual fix — build the client once and share it — is wrong for a client whose URL,
host or credentials come from the request (an endpoint that tests a connection with the
settings the user typed) or from a per-request lookup: there is no single client to build.
Such a construction is still per-request work, so it is reported, with a fix that fits:
reuse clients across requests that give the same settings, or pass per-call data to a
shared client.

The test follows the reported chain only, hop by hop, from one of the entry's parameters (a
request input, or a dependency's value: the caller, rules/clients.py, says which): the
locals computed from it (or filled with it: `kwargs.update(settings)`), the attributes of
`self` set from it, the callee parameters it is passed to (`**settings` reaches every
parameter), the locals a nested function reads from the one that defines it, or, for a
method of a local object built from it, the attributes its `__init__` kept, down to the
construction itself: its arguments or the object it is a method of. It is
deliberately shallow: values copied into containers key by key, or read back from
elsewhere, end the trail, and the usual fix stays.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import lru_cache
from typing import Any

from unjam.analysis.project_index import FILLERS
from unjam.analysis.rules.app_state import returns_app_state
from unjam.analysis.summary import CallSite, FuncDef, names_read

# parameters FastAPI fills with framework objects, not with what the client sent
_FRAMEWORK_TYPES = frozenset(
    {
        "Request",
        "WebSocket",
        "HTTPConnection",
        "Response",
        "BackgroundTasks",
        "SecurityScopes",
    }
)
_INJECTED = frozenset({"Depends", "Security"})


class Provenance:
    """Which of a chain's entry parameters a client construction at its end is built from.
    `steps` is the chain, entry first; `col` the construction's column at the last step."""

    def __init__(self, project: Any) -> None:
        self.p = project

    def sent(
        self, steps: list[tuple[str, int]], col: int, lookups: Callable[[str], Collection[str]]
    ) -> tuple[str, ...]:
        """The entry's request inputs that reach the construction: not what a dependency
        fills, also through an alias (`ConfigDep = Annotated[Config, Depends(get_config)]`),
        and not only as what selects a lookup (`registry = await session.get(Registry,
        code_id)`: the settings are the row's). `lookups(gqn)`: such locals."""
        entry = self.p.funcs.get(steps[0][0])
        if entry is None:
            return ()
        return tuple(
            q.name
            for q in entry.fd.params
            if _from_request(q)
            and self.p.param_depends(entry, q) is None
            and reaches(self.p.funcs, steps, col, q.name, self._inits, lookups)
        )

    def looked_up_within(
        self, steps: list[tuple[str, int]], col: int, lookups: Callable[[str], dict[str, str]]
    ) -> tuple[str, ...]:
        """The lookups along the chain whose answers reach the construction (`conn =
        self.get_connection(conn_id)`, then `OpenAI(api_key=conn.api_key)` further on), as
        `lookups(gqn)` shows their calls."""
        found: list[str] = []
        for i, (gqn, _line) in enumerate(steps):
            for name, shown in lookups(gqn).items():
                if shown not in found and reaches(self.p.funcs, steps[i:], col, name, self._inits):
                    found.append(shown)
        return tuple(found)

    def looked_up(self, steps: list[tuple[str, int]], col: int) -> tuple[str, ...]:
        """The entry's dependency parameters that reach the construction and differ by
        request: what a dependency function returns (the user, a database session) — not
        one that gives the process's one value, and not an instance FastAPI builds from a
        class."""
        entry = self.p.funcs.get(steps[0][0])
        if entry is None:
            return ()
        found = []
        for param in entry.fd.params:
            depends = self.p.param_depends(entry, param)
            if depends is None:
                continue
            target = self.p.depends_target(depends[0], param, depends[1])
            dep = self.p.funcs.get(target[1]) if target and target[0] == "func" else None
            if dep is None or self._process_wide(dep, 2):
                continue
            if reaches(self.p.funcs, steps, col, param.name, self._inits):
                found.append(param.name)
        return tuple(found)

    def _process_wide(self, func: Any, depth: int) -> bool:
        """Whether the function gives the process's one value on every call: it is memoised,
        or all it returns is a module-level name (`return SETTINGS`) or what such a function
        returns (`return get_config()` of an `@lru_cache` `get_config`)."""
        if self.p.memoised(func) or returns_app_state(self.p, func):
            return True  # (also `return request.app.state.resources`: app_state.py)
        fd = func.fd
        values = [*fd.return_values, *fd.yield_values]
        local = fd.locals.keys() | {q.name for q in fd.params}
        for value in values:
            if value[0] == "await":
                value = value[1]
            if value[0] == "name" and value[1] not in local:
                continue
            callee = self.p.callee(func, value[1]) if value[0] == "call" else None
            inner = self.p.funcs.get(callee[1]) if callee and callee[0] == "func" else None
            if inner is None or depth == 0 or not self._process_wide(inner, depth - 1):
                return False
        return bool(values)

    def _inits(self, class_gqn: str) -> list[FuncDef]:
        """The `__init__`s of the project classes along the class's MRO, its own first."""
        found = []
        for owner in self.p.mro(class_gqn)[0]:
            init = self.p.funcs.get(f"{owner}.__init__")
            if init is not None:
                found.append(init.fd)
        return found


def reaches(
    funcs: dict,
    steps: list[tuple[str, int]],
    col: int,
    source: str,
    inits: Callable[[str], list[FuncDef]] | None = None,
    opaque: Callable[[str], Collection[str]] | None = None,
) -> bool:
    """Whether the value of the first step's parameter or local `source` reaches the
    construction at the last step: its arguments, or the object it is a method of
    (`session.client("s3")` of a session built from it). `inits(class_gqn)`: the `__init__`s
    along a class's MRO, to follow values kept on an object; `opaque(gqn)`: locals of the
    function that the value does not pass into (a lookup's answer, which the value only
    selected)."""
    tainted = {source}
    for i, (gqn, line) in enumerate(steps):
        func = funcs.get(gqn)
        if func is None or not tainted:
            return False
        fd: FuncDef = func.fd
        tainted = _spread(fd, tainted, opaque(gqn) if opaque is not None else ())
        sites = [c for c in fd.calls if c.line == line]
        if i == len(steps) - 1:
            last = [c for c in sites if c.col == col] or sites
            return any(_passes(c, tainted) or _on_tainted(c.func, tainted) for c in last)
        callee = funcs.get(steps[i + 1][0])
        if callee is None:
            return False
        passing = [_as_called(c, callee.fd) for c in _aimed_at(callee.fd, sites)]
        received = _received(callee.fd, [c for c in passing if _passes(c, tainted)], tainted)
        if steps[i + 1][0].startswith(f"{gqn}."):  # (a closure reads its maker's locals)
            received |= tainted - {q.name for q in callee.fd.params} - callee.fd.locals.keys()
        if callee.class_gqn is not None and inits is not None:
            received |= _object_state(fd, sites, inits(callee.class_gqn), tainted)
        tainted = received
    return False


def _aimed_at(callee: FuncDef, sites: list) -> list:
    """The sites of a line that call `callee` by its name (`Riot(game).matches(puuid)`:
    `puuid` goes to `matches`, not to `Riot.__init__`); all of them when none does (a call
    through an alias)."""
    owner = (callee.class_qn or "").rpartition(".")[2]
    name = owner if callee.name == "__init__" else callee.name
    named = [c for c in sites if _called_name(c.func) in (name, callee.name)]
    return named or sites


def _as_called(site: CallSite, callee: FuncDef) -> CallSite | _Call:
    """The call's arguments as the callee gets them: those after the callee itself when
    the site hands it on to be called (`tasks.add_task(_send, urls, payload)`,
    `asyncio.to_thread(_send, …)`: `_send(urls, payload)`)."""
    if _called_name(site.func) == callee.name:
        return site
    for k, arg in enumerate(site.args):
        if _called_name(arg) == callee.name:
            return _Call(site.args[k + 1 :], site.kwargs)
    return site


def _called_name(ref: tuple) -> str | None:
    if ref[0] == "attr":
        return ref[2]
    return ref[1] if ref[0] == "name" and type(ref[1]) is str else None


def _object_state(fd: FuncDef, sites: list, inits: list[FuncDef], tainted: set) -> set:
    """`self.<attr>` names, for the attributes a method called on a local object (`store =
    Store(config.secrets)`, then `store.upload(…)`) holds from what its construction was
    given: those its `__init__` stores from the tainted arguments, or the `__init__` of a
    base class it hands them to (`super().__init__(secrets)`). `inits`: the `__init__`s
    along the class's MRO, its own first."""
    out: set[str] = set()
    for site in sites:
        ref = site.func
        if not inits or ref[0] != "attr" or ref[1][0] != "name":
            continue
        for value in fd.locals.get(ref[1][1], ()):
            if value[0] != "call" or not _names(value) & tainted:
                continue
            calls: list = [_Call(value[2], value[3])]
            given = tainted  # (the caller's names, then each `__init__`'s in turn)
            for init in inits:
                held = _spread(init, _received(init, calls, given))
                out.update(name for name in held if name.startswith("self."))
                calls = [c for c in init.calls if _is_super_init(c.func) and _passes(c, held)]
                given = held
                if not calls:
                    break
    return out


def _on_tainted(ref: tuple, tainted: set[str]) -> bool:
    """Whether the call is a method of a tainted object (`session.client("s3")`)."""
    return ref[0] == "attr" and bool(_reads(ref[1]) & tainted)


def _is_super_init(ref: tuple) -> bool:
    """`super().__init__`"""
    return (
        ref[0] == "attr"
        and ref[2] == "__init__"
        and ref[1][0] == "call"
        and ref[1][1] == ("name", "super")
    )


class _Call:
    """A call ref's arguments, where `_received` reads a call site's."""

    __slots__ = ("args", "kwargs")

    def __init__(self, args: tuple, kwargs: tuple) -> None:
        self.args = args
        self.kwargs = kwargs


def _from_request(param) -> bool:
    if param.name in ("self", "cls") or param.kind in ("vararg", "kwarg"):
        return False
    for ref in (param.default, param.annotation):
        if ref is not None and _names(ref) & (_INJECTED | _FRAMEWORK_TYPES):
            return False
    return True


# methods that keep on their object what they get for their arguments (an OAuth flow's token)
_KEEPS_WHAT_IT_GETS = frozenset({"fetch_token"})


def _spread(fd: FuncDef, tainted: set[str], opaque: Collection[str] = ()) -> set[str]:
    """`tainted` plus the locals computed from it or filled with it, and the attributes of
    `self` set from it (`self.region = region`), to a fixpoint. Only a container's filling
    methods count, and an OAuth flow's token exchange (`flow.fetch_token(code=code)` keeps the
    token it gets for that code): `client.delete(f"…/{key_id}")` or `self.lookup(key_id)`
    hands the request's value to a call, and leaves the client or `self` as it was."""
    tainted = set(tainted)
    changed = True
    while changed:
        changed = False
        for name, values in fd.locals.items():
            if name in tainted or name in opaque:
                continue
            if any(_reads(v) & tainted for v in values):
                tainted.add(name)
                changed = True
        for base, attr, value in fd.attr_stores:
            if base == _SELF and f"self.{attr}" not in tainted and _reads(value) & tainted:
                tainted.add(f"self.{attr}")
                changed = True
        for call in fd.calls:
            func = call.func
            mutated = (
                func[0] == "attr"
                and (func[2] in FILLERS or func[2] in _KEEPS_WHAT_IT_GETS)
                and func[1][0] == "name"
                and func[1][1] not in tainted
            )
            if mutated and _passes(call, tainted):  # `kwargs.update(settings)`
                tainted.add(func[1][1])
                changed = True
    return tainted


def _passes(call: CallSite | _Call, tainted: set[str]) -> bool:
    return any(_reads(a) & tainted for a in call.args) or any(
        _reads(v) & tainted for _, v in call.kwargs
    )


def _received(callee: FuncDef, calls: list[CallSite | _Call], tainted: set[str]) -> set[str]:
    """The callee's parameters that the tainted arguments of `calls` land in."""
    params = list(callee.params)
    if callee.class_qn and params and params[0].name in ("self", "cls"):
        params = params[1:]
    positional = [p for p in params if p.kind == "pos"]
    by_name = {p.name for p in params if p.kind in ("pos", "kwonly")}
    rest = [p.name for p in params if p.kind in ("vararg", "kwarg")]
    out: set[str] = set()
    for call in calls:
        for k, arg in enumerate(call.args):
            if not _reads(arg) & tainted:
                continue
            if arg[0] == "star":
                out.update(p.name for p in positional)
                out.update(rest)
            elif k < len(positional):
                out.add(positional[k].name)
            else:
                out.update(rest)
        for key, value in call.kwargs:
            if not _reads(value) & tainted:
                continue
            if key is None:  # `**settings`: any parameter may receive it
                out.update(by_name)
                out.update(rest)
            elif key in by_name:
                out.add(key)
            else:
                out.update(rest)
    return out


_SELF = ("name", "self")


@lru_cache(maxsize=1 << 16)
def _reads(ref: tuple) -> frozenset[str]:
    """`_names`, and `self.<attr>` for each attribute of `self` the ref reads."""
    ref = _without_tests(ref)
    found = set(names_read(ref))
    stack = [ref]
    while stack:
        item = stack.pop()
        if len(item) == 3 and item[0] == "attr" and item[1] == _SELF:
            found.add(f"self.{item[2]}")
            continue
        stack.extend(part for part in item if type(part) is tuple)
    return frozenset(found)


def _without_tests(ref: tuple) -> tuple:
    """The ref without the test of each `a if flag else b` in it: which branch is taken
    decides no setting of its own (`settings.KEY if use_ai else None` is the process's key
    or none, whatever the request sends)."""
    if ref and ref[0] == "ifexp":
        return ("ifexp", _without_tests(ref[1]), _without_tests(ref[2]))
    return tuple(_without_tests(part) if type(part) is tuple else part for part in ref)


# refs are shared tuples, and the fixpoint in `_spread` asks about the same ones again and again
_names = lru_cache(maxsize=1 << 16)(lambda ref: names_read(_without_tests(ref)))
