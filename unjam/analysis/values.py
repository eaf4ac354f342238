"""Paths that a call's argument values never take.

`def minify(path, force=True): if not force and dest.exists(): …` — every caller that leaves
`force` out gets `True`, so `exists()` never runs through those calls; a caller passing
`force=False` still reaches it. The summary records a function's tests of its parameters
against constants (the "param …" kinds of `Guard` in summary.py); this module judges, for
one call edge, which of the callee's tests that call decides false. The call graph then
follows the edge into the callee in that context: the sites and calls under those tests
are not reached through it (callgraph.py's search state is (function, tests decided
false)).

Only what is certain decides a test: a constant the call passes (by keyword, or by position
to a plain function) — or a dict literal with string keys, for `"key" in p`, `if p` and
`p is None` — or a parameter the call does not pass — not by keyword, not by
position, no `*args` spread at the call, no `**kwargs` but the caller's own whose calls
are all known (`Forwarded`) — whose default is a constant; in a function with no decorator
(one may change the signature or the arguments) but `staticmethod`/`classmethod` and those
that hand the arguments through (transparent.py), not rebound in its body, and called by
its own name or one an import gives it (at module level or in the caller) — or by its
class's, for an `__init__` (a `functools.partial` or an assigned alias may bind arguments
the call site does not show; the call graph also skips functions some `partial(f, ...)` in
the project names) — or the caller's own parameter passed along (`migrate(force=force)`)
when every call of the caller in the project gives that parameter one constant and nothing
uses the caller as a value (callgraph_constants.py), or when the path the search took to
the caller gave it one (`passed_values`: callgraph.py's state holds such values). A local
the callee reads from its own `**kwargs` (`content_type = kwargs.pop("content_type",
None)`) is known as a parameter is: the keyword the call passes, or the default
(`_keyword_value`). Everything else keeps the site reachable.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from unjam.analysis.held_keywords import NOT_KNOWN, read_value
from unjam.analysis.summary import CallSite, FuncDef, Guard, last_name, root_name
from unjam.analysis.unset_rebinds import keeps, rebound_when_unset
from unjam.semantics import HTTP_ROUTE_METHODS

EMPTY: frozenset[int] = frozenset()
# In a call's kills (the callee's guards it decides false), no guard but the code after the
# callee's first `yield`: `next(get_db())` runs a generator up to its `yield` and no further
# (callgraph.py leaves out what lies in `FuncDef.after_yield`).
BEFORE_YIELD_ONLY = -2


class Forwarded(NamedTuple):
    """What a function's `**kwargs` holds on every one of its calls (callgraph_constants.py):
    the keywords all of them pass as one constant, and every keyword any of them passes —
    a keyword none passes is surely absent, so `f(**kwargs)` leaves that parameter of `f` at
    its default."""

    constants: Mapping[str, object]
    names: frozenset[str]


class Instance:
    """An argument that is surely an object a call built (instances.py): never `None`, and
    true when `truthy` (its class cannot define `__bool__`/`__len__`); `made`, the outside
    class it surely is, for the few `isinstance` knows (`IN_MEMORY_FILES`); `prefix`, the
    text a string surely starts with (`prefixed`). The values are module singletons,
    compared by identity in search states."""

    __slots__ = ("made", "prefix", "truthy")

    def __init__(self, truthy: bool, made: str = "", prefix: str = "") -> None:
        self.truthy = truthy
        self.made = made
        self.prefix = prefix


INSTANCE = Instance(False)
TRUE_INSTANCE = Instance(True)
# an in-memory file, never a path nor a string: `CSVReader().read(BytesIO(contents))` never
# takes the reader's `if isinstance(file, Path):` branch
IN_MEMORY_FILES = {name: Instance(True, name) for name in ("io.BytesIO", "io.StringIO")}
# a string's encoding, `text.encode("utf-8")`: bytes, never a path nor a string (maybe empty)
ENCODED = Instance(False, "builtins.bytes")
# an upload's file object (`upload.file` of a FastAPI `UploadFile`): never a path nor a string
UPLOADED = Instance(True, "tempfile.SpooledTemporaryFile")


class Built(NamedTuple):
    """A project class a call builds: its name, the names of the classes its objects surely
    are instances of (its MRO's that unjam knows), and whether those are all of them
    (`closed`: no base unjam cannot follow), and whether they are surely true."""

    name: str
    kinds: frozenset[str]
    closed: bool
    truthy: bool


class ProjectObject(Instance):
    """An object a call builds of one of the project classes `built`
    (`filter_items(UserFilter(email=e))`, or a local each assignment of which builds one).
    A test is false for it when it is false for each of them: `type(p) is C` and
    `isinstance(p, C)`, C as written. One per set of classes (instances.py keeps them),
    compared by identity in search states."""

    __slots__ = ("built",)

    def __init__(self, truthy: bool, built: tuple[Built, ...]) -> None:
        super().__init__(truthy)
        self.built = built


_PREFIXED: dict[str, Instance] = {}


def prefixed(text: str) -> Instance:
    """A string surely starting with `text` (not empty): `f"/tmp/{upload.filename}"`, one
    value per prefix, kept so that search states compare it by identity."""
    known = _PREFIXED.get(text)
    if known is None:
        known = _PREFIXED[text] = Instance(True, "", text)
    return known


class Falsy:
    """A parameter's value known only to be false: passed or defaulted false, and rebound in
    the body to nothing but empty or false literals (`if context is None: context = []`).
    It decides truthiness tests only (`if not context: return`); `is None` could go either
    way. A module singleton, compared by identity in search states."""

    __slots__ = ()

    def __bool__(self) -> bool:
        return False


FALSY = Falsy()
_EMPTY_LITERALS = frozenset({("list", ()), ("dict", ()), ("const", None), ("const", False)})


def only_empty_rebinds(fd: FuncDef, name: str) -> bool:
    """Whether every value the body gives `name` is an empty or false literal (`[]`, `{}`,
    `()`, `None`, `False`), and nothing fills it in place (`x[k] = v`, `x += …`, nor any
    method of it: `x.append(…)`): a false value stays false through them. (A callee it is
    handed to may fill it: not seen.)"""
    values = fd.locals.get(name, ())
    if not values or not all(v in _EMPTY_LITERALS for v in values):
        return False
    ref = ("name", name)
    if any(root_name(changed) == name for changed in fd.mutated):
        return False
    return not any(call.func[0] == "attr" and call.func[1] == ref for call in fd.calls)


_NONE: Mapping[str, object] = MappingProxyType({})
_NO_BUILT: Mapping[tuple, object] = MappingProxyType({})
_PLAIN_DECORATORS = frozenset({("name", "staticmethod"), ("name", "classmethod")})
_STATIC = ("name", "staticmethod")
_CLASSMETHOD = ("name", "classmethod")
_SINGLETONS = (type(None), bool)  # `p is C` is decidable only for these constants
_CONSTANT_TYPES = (str, int, float, bool, bytes, type(None))  # what `p in (…)` decides
_MAX_STR = 160  # summarize.py keeps this many characters of a string constant
_MAX_ITEMS = 64  # ... and this many items of a dict literal (its _MAX_ITEMS): more may be cut
_DICT_READS = frozenset({"get", "keys", "items", "values", "copy"})


def param_tests(fd: FuncDef) -> tuple[tuple[int, Guard], ...]:
    """The function's parameter tests, with their index in `fd.guards`."""
    return tuple((i, g) for i, g in enumerate(fd.guards) if g.kind.startswith("param "))


def decided_false(
    caller: FuncDef,
    site: CallSite,
    callee: FuncDef,
    tests: tuple[tuple[int, Guard], ...],
    constants: Mapping[str, object] = _NONE,
    constructs: str | None = None,
    forwarded: Forwarded | None = None,
    transparent: bool = False,
    alias: str | None = None,
    built: Mapping[tuple, object] = _NO_BUILT,
    bound: bool = False,
    fields: Mapping[str, object] = _NONE,
) -> frozenset[int]:
    """Indexes of the callee's guards that this call's argument values make false;
    `constants`: the caller's parameters every call of it gives one constant (see
    `shared_constants`), which it may pass along. `constructs`: the name of the class whose
    `__init__` (the callee) the call reaches by calling the class. `forwarded`: what the
    caller's `**kwargs`, spread into the call, holds. `transparent`: the callee's decorators
    hand it the call's arguments unchanged (transparent.py). `alias`: the name an import
    binds the callee to (`from m import remember as cognee_remember`). `built`: the call's
    arguments that are surely objects (instances.py), by their ref. `bound`: the call
    surely binds the callee's first parameter (`notify.send(kind)` of an instance's
    method). `fields`: what the fields of the instance the call binds hold (`self.process`:
    instance_fields.py)."""
    site = spread_literals(caller, site)
    if not tests or not called_plainly(caller, site, callee, constructs, transparent, alias):
        return EMPTY
    if any(name is None and not spreads_own_kwargs(caller, v) for name, v in site.kwargs):
        forwarded = None  # (another `**spread`: any keyword the call does not name)
    known = _known_values(
        site,
        callee,
        constants,
        constructs is not None,
        forwarded,
        caller,
        frozenset(guard.subject[1] for _, guard in tests),  # (only what a test reads)
        built=built,
        bound_call=bound,
    )
    if fields:
        known.update(fields)
    params = {q.name for q in callee.params}
    for _, guard in tests:
        name = guard.subject[1]
        if name not in params and name not in known:
            value = _keyword_value(site, callee, name, forwarded, caller, constants)
            if value is not _UNKNOWN:
                known[name] = value
    if not known:
        return EMPTY
    out = [
        i
        for i, guard in tests
        if guard.subject[1] in known and _false(guard, known[guard.subject[1]])
    ]
    return frozenset(out) if out else EMPTY


def passed_values(
    caller: FuncDef,
    site: CallSite,
    callee: FuncDef,
    constants: Mapping[str, object],
    wanted: frozenset[str],
    alias: str | None = None,
    built: Mapping[tuple, object] = _NO_BUILT,
    constructs: str | None = None,
    bound: bool = False,
    transparent: bool = False,
) -> dict[str, object]:
    """Parameter → value, for the callee's parameters among `wanted` this call makes
    certain (as `decided_false` knows them), `constants` holding what the caller's
    parameters hold on the path taken (callgraph.py's search state); empty unless the
    function is called plainly. `constructs`, `bound`, `transparent`: as for
    `decided_false`."""
    site = spread_literals(caller, site)
    if not called_plainly(caller, site, callee, constructs, transparent, alias):
        return {}
    return _known_values(
        site,
        callee,
        constants,
        constructs is not None,
        caller=caller,
        wanted=wanted,
        built=built,
        bound_call=bound,
    )


def spread_literals(caller: FuncDef, site: CallSite) -> CallSite:
    """The call as if `f(**options)` passed each key by name, where `options` is a dict
    display of string keys, written in the call or bound once to a local never changed
    (`play_args = {"language": lang, ...}` then `stream.play(**play_args)`), or a choice of
    two (`**({"mode": m} if m else {})`: a key only one side holds may or may not be
    passed, so its value is unknown): a parameter among none of them gets its default."""
    if all(name is not None for name, _ in site.kwargs):
        return site
    expanded: list[tuple[str | None, tuple]] = []
    for name, value in site.kwargs:
        items = _literal_items(caller, value) if name is None else None
        if name is None and items is None:
            return site
        expanded.extend(items if items is not None else ((name, value),))
    return site._replace(kwargs=tuple(expanded))


def _literal_items(caller: FuncDef, value: tuple) -> list[tuple[str | None, tuple]] | None:
    if value[0] != "name":
        return _display_items(value)
    if value in caller.mutated:
        return None
    bound = caller.locals.get(value[1])
    if bound is None or len(bound) != 1 or bound[0][0] != "dict":
        return None
    if any(
        site.func[0] == "attr" and site.func[1] == value and site.func[2] not in _DICT_READS
        for site in caller.calls
    ):
        return None  # `options.update(...)`, `options.pop(...)`: changed in place
    return _display_items(bound[0])


def _display_items(value: tuple) -> list[tuple[str | None, tuple]] | None:
    """(key, value ref) of a dict display of string keys, or of either of two
    (`{"a": x} if c else {}`); None for anything else."""
    if value[0] == "ifexp":
        first, second = _display_items(value[1]), _display_items(value[2])
        if first is None or second is None:
            return None
        other = dict(second)
        merged = [
            (key, ("ifexp", ref, other[key], value[3]) if key in other else _UNKNOWN_REF)
            for key, ref in first
        ]
        mine = {key for key, _ in first}
        return merged + [(key, _UNKNOWN_REF) for key, _ in second if key not in mine]
    if value[0] != "dict" or len(value[1]) >= _MAX_ITEMS:  # (the summary keeps that many)
        return None
    items: list[tuple[str | None, tuple]] = []
    for key, item in value[1]:
        if key[0] != "const" or type(key[1]) is not str:
            return None  # `{**base, ...}` or a computed key
        items.append((key[1], item))
    return items


_UNKNOWN_REF = ("?",)


def own_instance(fd: FuncDef) -> str | None:
    """The name of the instance a method is called on (its first parameter), None for a
    function, a staticmethod or a classmethod: summarize_guards.py names a test of one of
    its attributes `self.process`, and one of another parameter's `config.screenshot`."""
    if fd.class_qn is None or not fd.params or fd.params[0].kind != "pos":
        return None
    if any(ref in _PLAIN_DECORATORS for ref, _line, _col in fd.decorators):
        return None
    return fd.params[0].name


def is_static(fd: FuncDef) -> bool:
    """A staticmethod binds nothing, however it is named (`Cls.m(a)`, `self.m(a)`)."""
    return any(ref == _STATIC for ref, _line, _col in fd.decorators)


def passes_any(site: CallSite, names: Mapping[str, object]) -> bool:
    """Whether the call passes one of `names` along as it is (`prepare(job, is_system)`)."""
    return any(ref[0] == "name" and ref[1] in names for ref in site.args) or any(
        ref[0] == "name" and ref[1] in names for _, ref in site.kwargs
    )


def binds_self(caller: FuncDef | None, site: CallSite, callee: FuncDef) -> bool:
    """Whether the call surely binds the callee's first parameter: a method calling another
    through its own first parameter (`self.m(a)`; from a classmethod, `cls.m(a)` of another
    classmethod), the callee not a staticmethod. (`obj.m(a)` may name a function stored on
    `obj`, `Cls.m(obj, a)` binds nothing.)"""
    func = site.func
    return (
        caller is not None
        and caller.class_qn is not None
        and bool(caller.params)
        and callee.class_qn is not None
        and not is_static(caller)
        and not is_static(callee)
        and (not _is_classmethod(caller) or _is_classmethod(callee))
        and func[0] == "attr"
        and func[1] == ("name", caller.params[0].name)
    )


def _is_classmethod(fd: FuncDef) -> bool:
    return any(ref == _CLASSMETHOD for ref, _line, _col in fd.decorators)


def passed_names(
    site: CallSite, callee: FuncDef, caller: FuncDef | None = None, bound_call: bool = False
) -> dict[str, str]:
    """Callee parameter → the caller's name the call passes it as (`prepare(req,
    is_system=is_system)`): by keyword, or by position to a function or staticmethod, or to
    a method the caller calls through `self` or (`bound_call`) through an instance of its
    class (another method's call may be bound or not)."""
    out = {name: ref[1] for name, ref in site.kwargs if name is not None and ref[0] == "name"}
    bound = bound_call or binds_self(caller, site, callee)
    if site.args and (bound or callee.class_qn is None or is_static(callee)):
        params = callee.params[1:] if bound else callee.params
        for param, ref in zip(params, site.args, strict=False):
            if param.kind != "pos" or ref[0] == "star":
                break
            if ref[0] == "name":
                out[param.name] = ref[1]
    return out


def decided_by_constants(fd: FuncDef, constants: Mapping[str, object]) -> frozenset[int]:
    """Indexes of `fd`'s parameter tests that `constants` (what every call of it passes,
    `shared_constants`) make false: `if enable_cors:` where every caller passes False."""
    if not constants:
        return EMPTY
    out = [
        i
        for i, guard in param_tests(fd)
        if guard.subject[1] in constants and _false(guard, constants[guard.subject[1]])
    ]
    return frozenset(out) if out else EMPTY


def is_dead(guards: list[Guard], index: int, killed: frozenset[int]) -> bool:
    """Whether code under guard `index` (or any test it is nested in) is decided false."""
    while index >= 0:
        if index in killed:
            return True
        index = guards[index].outer
    return False


def called_plainly(
    caller: FuncDef,
    site: CallSite,
    callee: FuncDef,
    constructs: str | None = None,
    transparent: bool = False,
    alias: str | None = None,
) -> bool:
    """Whether the call hands the callee its arguments as they are written: by its own name
    (or an import's alias for it, or `cls` in a classmethod of the class it constructs),
    undecorated or through decorators that pass them on, with no `*args` spread."""
    func = site.func
    name = callee.name if constructs is None else constructs
    if func[0] == "name":
        local = caller.locals.get(func[1])
        if local is not None:
            if not all(ref[0] == "imp" and ref[3] == name for ref in local):
                return False  # an assigned local: may be a partial binding arguments
        elif func[1] != name and func[1] != alias and not _own_class(caller, func[1], constructs):
            return False  # an assigned alias: the same
    elif func[0] != "attr" or func[2] != name:
        return False
    if not transparent and any(d[0] not in _PLAIN_DECORATORS for d in callee.decorators):
        return False
    # (a `**spread` may hold any keyword but those the call names: `_known_values` leaves
    # what it may hold unknown, unless it is the caller's own, whose calls are all known)
    return not any(arg[0] == "star" for arg in site.args)


def _own_class(caller: FuncDef, name: str, constructs: str | None) -> bool:
    """`cls(...)` in a classmethod of the class the call constructs (`return cls(path,
    lock=lock)`): the constructor gets the arguments as the call shows them."""
    return (
        constructs is not None
        and _is_classmethod(caller)
        and bool(caller.params)
        and caller.params[0].name == name
        and (caller.class_qn or "").rpartition(".")[2] == constructs
    )


def spreads_own_kwargs(caller: FuncDef, value: tuple) -> bool:
    """Whether `**value` at a call in `caller` is the caller's own `**kwargs` parameter."""
    return value[0] == "name" and any(
        q.kind == "kwarg" and q.name == value[1] and q.name not in caller.locals
        for q in caller.params
    )


def shared_constants(
    sites: list[tuple[FuncDef, CallSite]], callee: FuncDef, transparent: bool = False
) -> dict[str, object]:
    """The callee's parameters that every one of `sites` (all of its calls) makes the same
    constant, passed or left at its default: `def init_db(force=True)` that no caller gives
    `force` passes `True` along in `migrate(force=force)`."""
    shared: dict[str, object] | None = None
    for caller, site in sites:
        if not called_plainly(caller, site, callee, transparent=transparent):
            return {}
        known = _known_values(site, callee, _NONE, caller=caller)
        if shared is None:
            shared = known
        else:
            shared = {k: v for k, v in shared.items() if k in known and same_value(known[k], v)}
        if not shared:
            return {}
    return shared or {}


def same_value(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b  # `True == 1`, but not the same test result


def _known_values(
    site: CallSite,
    callee: FuncDef,
    constants: Mapping[str, object],
    constructs: bool = False,
    forwarded: Forwarded | None = None,
    caller: FuncDef | None = None,
    wanted: frozenset[str] | None = None,
    built: Mapping[tuple, object] = _NO_BUILT,
    bound_call: bool = False,
) -> dict[str, object]:
    """Parameter → value, for the parameters (among `wanted`, when given) whose value this
    call makes certain: a constant passed by keyword (or by position, to a function or a
    staticmethod — another method's call may be bound or not, which shifts positions — or to
    the `__init__` a class call reaches, or to a method called through `self`, both always
    bound), one of the caller's `constants` passed by name, or a
    constant default the call surely leaves alone — or, through the caller's `**kwargs`
    spread (`forwarded`), a constant all of the caller's calls pass, or the default of a
    keyword none of them passes — or the members (`Event.CREATED`) the call passes, directly
    or as a local of the caller that holds only such members (`_Members`) — or an object the
    call builds (`built`: `Store()`, `await get_store()` of a `-> Store` function) — or else
    what the caller's own test of the name it passes leaves in it (`_narrowed`)."""
    passed = {name: ref for name, ref in site.kwargs}
    spread = None in passed
    # (the `__init__` a class call reaches, and `self.m(a)`, surely bind the first one)
    bound = 1 if constructs or bound_call or binds_self(caller, site, callee) else 0
    method = callee.class_qn is not None and not bound and not is_static(callee)
    # a method's call may be bound (`obj.m(a)`: `a` is the second parameter) or not
    # (`Cls.m(obj, a)`): count one more positional to cover both
    covered = len(site.args) + (1 if method else 0) + bound
    out: dict[str, object] = {}
    for i, param in enumerate(callee.params):
        kind = param.kind
        if kind != "kwonly" and kind != "pos":
            continue
        if wanted is not None and param.name not in wanted:
            continue
        rebound = param.name in callee.locals
        # `if client is None: client = httpx.AsyncClient()` (or `out = folder / "x.png"`):
        # every rebinding gives a value never None, so an object passed in keeps `client is
        # None` false, whatever it reads
        emptied = rebound and only_empty_rebinds(callee, param.name)
        rebuilt = rebound and not emptied and _only_builds(callee, param.name)
        # `secret_name = secret_name.replace("os.environ/", "")`: a string passed is known
        # through such rewrites as the values they may make of it
        rewrites = _string_rewrites(callee, param.name) if rebound and not emptied else None
        # `if user_hash is None: user_hash = get_user_hash()`: a value never None skips it
        opaque = rebound and not rebuilt and not emptied and rewrites is None
        unset = rebound_when_unset(callee, param.name) if opaque else None
        if opaque and unset is None:
            continue  # rebound in the body: the test may read another value
        ref = passed.get(param.name)
        if ref is None and kind == "pos" and i < covered:
            if method or i < bound:
                continue
            ref = site.args[i - bound]
        if ref is None and spread and (forwarded is None or param.name in forwarded.names):
            # `**kwargs` may hold it: known only when every call passes one constant
            if forwarded is not None and param.name in forwarded.constants and not rebound:
                out[param.name] = forwarded.constants[param.name]
            continue
        scope = caller  # whose names `ref` reads: the caller's, or the callee's for a default
        if ref is None:
            ref, scope = param.default, None
        if ref is None:
            continue
        if ref[0] == "const":
            out[param.name] = ref[1]
        elif ref[0] == "name" and scope is not None and ref[1] in constants:
            out[param.name] = constants[ref[1]]
        elif scope is not None and (read := read_value(ref, scope, constants)) is not NOT_KNOWN:
            out[param.name] = read  # (`mock_delay=kwargs.get("mock_delay")`: held_keywords.py)
        elif scope is not None and ref in built:
            out[param.name] = built[ref]
        elif ref[0] == "dict":
            keys = _literal_keys(ref)
            if keys is not None:
                out[param.name] = keys
        elif start := string_prefix(ref, scope):
            out[param.name] = prefixed(start)
        elif (
            _never_a_singleton(ref)
            or _holds_no_singleton(ref, scope)
            or _required_route_value(ref, scope)
        ):
            out[param.name] = INSTANCE
        else:
            members = _members(ref, scope)
            if members is not None:
                out[param.name] = members
        if param.name not in out and ref[0] == "name" and scope is not None:
            narrowed = _narrowed(scope, site, ref[1])
            if narrowed is not None:
                out[param.name] = narrowed
        if unset is not None:
            if param.name in out and not keeps(out[param.name], unset):
                del out[param.name]
        elif rewrites is not None:
            passed_value = out.pop(param.name, None)
            held = _rewritten(passed_value, rewrites) if type(passed_value) is str else None
            if held is not None:
                out[param.name] = held
        elif rebuilt:
            value = out.get(param.name)
            if isinstance(value, Instance) and not (value.truthy and _kept(callee, param.name)):
                out[param.name] = INSTANCE  # (never None; its truth may change)
            elif not isinstance(value, Instance):
                out.pop(param.name, None)
        elif rebound and param.name in out:
            if out[param.name]:  # true as passed: a rebinding may still run, or not
                del out[param.name]
            else:
                out[param.name] = FALSY
    return out


def _never_a_singleton(ref: tuple) -> bool:
    """An argument that is never `None`, `True` nor `False`, whatever it reads: a list, tuple
    or set display, an f-string, or arithmetic (`temp_dir / f"{uid}.png"`, `base + 1`; not
    `&`, `|`, `^`, which give a bool from bools) — it decides `p is None`, not `if p:`."""
    tag = ref[0]
    return tag in ("list", "fmt") or (
        tag == "binop" and ref[1] not in ("BitAnd", "BitOr", "BitXor")
    )


def string_prefix(ref: tuple, scope: FuncDef | None) -> str:
    """The text a string argument surely starts with: an f-string's or a concatenation's
    leading constant (`f"/tmp/{file.filename}"`), or what every value of the caller's local
    it names starts with (not a parameter); "" when none is known."""
    if ref[0] == "binop" and ref[1] == "Add":
        head = ref[2]
        if head[0] == "const" and type(head[1]) is str and not _truncated(head[1]):
            return head[1]
        return ""
    if ref[0] != "name" or scope is None or ref[1] in scope.globals_declared:
        return ""
    values = scope.locals.get(ref[1])
    if not values or len(values) > 4 or any(p.name == ref[1] for p in scope.params):
        return ""
    # (`url = f"{url}&start={n}"` starts as the value it extends, one of the others)
    made = [value for value in values if not _extends(value, ref[1])]
    return _common_prefix([_value_prefix(value) for value in made]) if made else ""


def _value_prefix(value: tuple) -> str:
    """The text a value a local is bound to surely starts with: each side's of a choice
    (`f"{base}?q={q}" if text else f"{base}?q={q}&udm=2"`), "" when none is known."""
    if value[0] == "ifexp":
        return _common_prefix([_value_prefix(value[1]), _value_prefix(value[2])])
    return string_prefix(value, None)


def _extends(value: tuple, name: str) -> bool:
    """`f"{name}…"` or `name + …`: a string that starts with the local's value before."""
    if value[0] == "fmt":
        return bool(value[1]) and value[1][0] == ("name", name) and value[2][0] == ""
    return value[0] == "binop" and value[1] == "Add" and value[2] == ("name", name)


def _common_prefix(starts: list[str]) -> str:
    if not all(starts):
        return ""
    common = starts[0]
    for text in starts[1:]:
        while not text.startswith(common):
            common = common[:-1]
    return common


def _holds_no_singleton(ref: tuple, scope: FuncDef | None) -> bool:
    """A local of the caller (not a parameter) that every assignment gives such a value
    (`scaled = temp_dir / f"scaled_{name}"`, then passed as `scaled`)."""
    if ref[0] != "name" or scope is None:
        return False
    values = scope.locals.get(ref[1])
    if not values or not all(_never_a_singleton(value) for value in values):
        return False
    name = ref[1]
    return name not in scope.globals_declared and all(p.name != name for p in scope.params)


_SCALARS = frozenset({"int", "str", "float", "bool", "UUID", "date", "datetime", "Decimal"})
_ROUTE_DECORATORS = HTTP_ROUTE_METHODS | {"api_route"}


def _required_route_value(ref: tuple, scope: FuncDef | None) -> bool:
    """A parameter of a route's endpoint (`@router.get(...)`) that is required and of a
    scalar type (`run_id: int`, `Annotated[int, Path()]`), which the body never rebinds:
    FastAPI answers 422 before the endpoint runs without one, so it is never `None`."""
    if ref[0] != "name" or scope is None or ref[1] in scope.locals:
        return False
    param = next((p for p in scope.params if p.name == ref[1]), None)
    if param is None or param.default is not None or param.annotation is None:
        return False
    annotation = param.annotation
    if annotation[0] == "sub" and last_name(annotation[1]) == "Annotated" and annotation[2]:
        annotation = annotation[2][0]
    if last_name(annotation) not in _SCALARS:
        return False
    return any(
        decorator[0] == "call" and last_name(decorator[1]) in _ROUTE_DECORATORS
        for decorator, _line, _col in scope.decorators
    )


# string methods that make a new string of the one they are called on and constant arguments
_REWRITES = frozenset(
    {"replace", "removeprefix", "removesuffix", "strip", "lstrip", "rstrip", "lower", "upper"}
)


def _string_rewrites(fd: FuncDef, name: str) -> list[tuple[str, tuple]] | None:
    """(method, constant arguments) of each value the body gives `name`, when every one is
    such a rewrite of `name` itself (`name = name.replace("a/", "")`), else None."""
    values = fd.locals.get(name, ())
    if not values or len(values) > 2:
        return None
    out = []
    for value in values:
        if value[0] != "call" or value[3] or value[1][0] != "attr":
            return None
        if value[1][1] != ("name", name) or value[1][2] not in _REWRITES:
            return None
        args = value[2]
        if not all(arg[0] == "const" and type(arg[1]) in (str, int) for arg in args):
            return None
        out.append((value[1][2], tuple(arg[1] for arg in args)))
    return out


def _rewritten(value: str, rewrites: list[tuple[str, tuple]]) -> object | None:
    """The values the parameter may hold when passed `value`: as passed, and after any of
    the rewrites, in any order (each may sit under a test) — one string, or `_Strings`; None
    when the string may be cut short (summarize.py's limit) or a rewrite refuses it."""
    if _truncated(value):
        return None
    held = {value}
    for _ in rewrites:
        for method, args in rewrites:
            for text in list(held):
                try:
                    made = getattr(text, method)(*args)
                except (TypeError, ValueError):
                    return None
                held.add(made)
    return value if len(held) == 1 else _Strings(held)


def _only_builds(fd: FuncDef, name: str) -> bool:
    """Whether every value the body gives `name` is never `None`: a class's construction, a
    value that is never a singleton (`output_path = folder / "out.png"`), or the name itself
    or such a value (`client = client or httpx.AsyncClient()`: given an object, never
    `None`)."""
    values = fd.locals.get(name, ())
    return bool(values) and all(_never_none(v) or _itself_or_built(v, name) for v in values)


def _never_none(value: tuple) -> bool:
    return _constructs(value) or _never_a_singleton(value)


def _kept(fd: FuncDef, name: str) -> bool:
    """Whether every rebinding of `name` is `name or Built()`: a true object passed in is
    what it keeps (`client = client or httpx.AsyncClient()`)."""
    return all(_itself_or_built(v, name) for v in fd.locals.get(name, ()))


def _itself_or_built(value: tuple, name: str) -> bool:
    """`name or Built()`: the name given, or a value never `None` (the ref does not tell
    `or` from `and`; `client = client and Client()` is no idiom)."""
    if value[0] != "boolop":
        return False
    operands = value[1]
    itself = ("name", name)
    return itself in operands and all(op == itself or _never_none(op) for op in operands)


def _constructs(value: tuple) -> bool:
    """A call of a CamelCase name (`httpx.AsyncClient()`, `Session()`): a construction."""
    if value[0] != "call":
        return False
    func = value[1]
    last = func[1] if func[0] == "name" else func[2] if func[0] == "attr" else ""
    return type(last) is str and spelt_as_class(last)


def spelt_as_class(name: str) -> bool:
    """`AsyncClient`, `httpx.AsyncClient`: a name spelt as a class (CamelCase), whose call
    makes an instance — not `TTL`, a constant's spelling."""
    last = name.rpartition(".")[2]
    return last[:1].isupper() and not last.isupper()


_NONE_REF = ("const", None)


class _Frozen:
    """A set of refs or keys an argument holds, as a value of a search state (compared,
    hashed): a class of its own, not a frozenset's subclass, which mypyc cannot compile."""

    __slots__ = ("items",)

    def __init__(self, items: Iterable[Any]) -> None:
        self.items: frozenset[Any] = frozenset(items)

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self) and isinstance(other, _Frozen) and other.items == self.items
        )

    def __hash__(self) -> int:
        return hash(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)


class _Strings(_Frozen):
    """The strings a parameter may hold, passed one and rewritten in the body
    (`_rewritten`), or known by their starts (`_narrowed`: each a `prefixed` value): a test
    is decided false when it is false for each (none: nothing is)."""


class _Members(_Frozen):
    """The `Name.MEMBER` refs an argument may hold (`Event.CREATED`, or a local assigned
    `Event.PAUSED` in one branch and `Event.CANCELLED` in another): what decides
    `p == Event.SWITCHED` / `p is …` / `!=` against a member of the same name. Two members
    of one name are taken to differ, as an enum's do."""


def _is_member(ref: tuple) -> bool:
    """`Event.CREATED`: an attribute of a capitalised name (a class, not `self.mode` or
    `settings.mode`, whose attributes may hold equal values)."""
    return ref[0] == "attr" and ref[1][0] == "name" and ref[1][1][:1].isupper()


NOT_FIXED = object()  # (fixed_value: a value no search state knows)


def fixed_value(ref: tuple) -> object:
    """What a local bound once to `ref` holds, as a search state knows it: a constant's
    value, or the member `Event.CREATED` names; NOT_FIXED for anything else."""
    if ref[0] == "const":
        return ref[1]
    return _Members((ref,)) if _is_member(ref) else NOT_FIXED


def _members(ref: tuple, caller: FuncDef | None) -> _Members | None:
    """The members `ref` surely holds: itself, or every value of the caller's local it names
    (not a parameter), which may also be `None` (`event = None` before the branches)."""
    if _is_member(ref):
        return _Members((ref,))
    if ref[0] != "name" or caller is None or type(ref[1]) is not str:
        return None
    values = caller.locals.get(ref[1])
    if not values or any(q.name == ref[1] for q in caller.params):
        return None
    if not all(_is_member(v) or v == _NONE_REF for v in values):
        return None
    return _Members(values) if any(_is_member(v) for v in values) else None


def _members_false(kind: str, value: object, member: tuple | None) -> bool:
    """Whether `p == member` (`is`) / `p != member` (`is not`) is false for every member
    `value` may hold; only members of the same name decide."""
    if not isinstance(value, _Members) or member is None or not _is_member(member):
        return False
    if any(held != _NONE_REF and held[1] != member[1] for held in value.items):
        return False
    if kind == "param ==" or kind == "param is":
        return member not in value.items
    if kind == "param !=" or kind == "param is not":
        return value.items == {member}
    return False


_UNKNOWN = object()


def _keyword_value(
    site: CallSite,
    callee: FuncDef,
    local: str,
    forwarded: Forwarded | None,
    caller: FuncDef,
    constants: Mapping[str, object],
) -> object:
    """The value of a local the callee reads from its own `**kwargs`
    (`content_type = kwargs.pop("content_type", None)`; the summary records tests of such a
    local only): the constant the call passes as that keyword (or a read of the caller's own
    `**kwargs` that `constants` knows: held_keywords.py), or the default when the call
    surely leaves the keyword out (not a parameter's name; any `**` spread at the call the
    caller's own, which holds it never or always as one constant)."""
    reads = callee.locals.get(local)
    if not reads or len(reads) != 1:
        return _UNKNOWN
    args = reads[0][2]
    key = args[0][1]
    passed = {name: ref for name, ref in site.kwargs}
    if any(q.name == key for q in callee.params):
        ref = None  # a keyword of that name binds the parameter: never in `**kwargs`
    elif key in passed:
        ref = passed[key]
    elif None in passed:
        if forwarded is not None and key in forwarded.constants:
            return forwarded.constants[key]
        if forwarded is None or key in forwarded.names:
            return _UNKNOWN
        ref = None
    else:
        ref = None
    if ref is not None and ref[0] != "const":
        read = read_value(ref, caller, constants)
        return _UNKNOWN if read is NOT_KNOWN else read
    if ref is None:
        if reads[0][1][2] == "pop" and len(args) < 2:
            return _UNKNOWN  # `pop(key)` with no default raises: nothing after it runs
        ref = args[1] if len(args) > 1 else ("const", None)
    return ref[1] if ref[0] == "const" else _UNKNOWN


class _Unequal(_Frozen):
    """The texts a value surely differs from: what the caller's `if name != "serve":`
    around the call leaves in the `name` it passes (`_narrowed`)."""


def _narrowed(caller: FuncDef, site: CallSite, name: str) -> object:
    """What the caller's own tests of `name` around the call make of the value it passes:
    the text of `name == "text"`, or the texts `name != "text"` rules out (`_Unequal`) —
    `for s, on in wanted.items(): if s != "serve" and on: restart(s)` — or a string that
    starts with one of the texts `name.startswith(("http://", "https://"))` names
    (`prefixed`, or `_Strings` of several). None when nothing
    tests it there, or when it may be bound again between the test and the call (a
    parameter the body binds, a local bound in more than one place)."""
    bindings = len(caller.locals.get(name, ()))
    if bindings > 1 or (bindings and any(q.name == name for q in caller.params)):
        return None
    subject = ("name", name)
    ruled_out = []
    index = site.guard
    while index >= 0:
        guard = caller.guards[index]
        index = guard.outer
        const = guard.returned
        if guard.subject != subject or const is None:
            continue
        if guard.kind == "local isinstance" or guard.kind == "param isinstance":
            if (instance := _builtin_instance(const)) is not None:
                return instance
            continue
        if guard.kind == "param starts" and (texts := _prefixes(const)) is not None:
            starts = [prefixed(text) for text in texts if text]
            if len(starts) == len(texts):
                return starts[0] if len(starts) == 1 else _Strings(starts)
            continue
        if const[0] != "const":
            continue
        if type(const[1]) is not str or _truncated(const[1]):
            continue
        if guard.kind == "local ==" or guard.kind == "param ==":
            return const[1]
        if guard.kind == "local !=" or guard.kind == "param !=":
            ruled_out.append(const[1])
    return _Unequal(ruled_out) if ruled_out else None


# the builtin classes an `isinstance` test around a call narrows the name it passes to:
# an instance of one is never an instance of another, nor of a path (`_instance_test_false`;
# not `int`, of which a bool is an instance)
_BUILTIN_INSTANCES = {
    name: Instance(False, f"builtins.{name}")
    for name in ("dict", "list", "tuple", "float", "bytes", "bytearray")
}


def _builtin_instance(classes: tuple) -> Instance | None:
    """The value `isinstance(x, dict)` leaves in `x` where it holds: an instance of that
    builtin class (never `None`, maybe empty), for one class named plainly."""
    return _BUILTIN_INSTANCES.get(classes[1]) if classes[0] == "name" else None


class _DictKeys(_Frozen):
    """A dict literal's keys: what decides `"key" in p`, `if p` (empty or not) and `p is None`."""


def _literal_keys(ref: tuple) -> _DictKeys | None:
    """The keys of `{"role": r, ...}` passed as an argument, when every key is a string
    constant and none is a `**spread` (and the summary kept every item)."""
    items = ref[1]
    if len(items) >= _MAX_ITEMS:
        return None
    keys = []
    for key, _value in items:
        if key is None or key[0] != "const" or not isinstance(key[1], str):
            return None
        keys.append(key[1])
    return _DictKeys(keys)


def _false(guard: Guard, value: object) -> bool:
    if isinstance(value, _Strings):
        return bool(value.items) and all(_false(guard, text) for text in value.items)
    kind = guard.kind
    if kind == "param isinstance" or kind == "param not isinstance":
        return _instance_test_false(kind, value, guard.returned)
    if kind == "param type is" or kind == "param type is not":
        return _type_test_false(kind, value, guard.returned)
    if kind == "param in" or kind == "param not in":
        return _membership_false(kind, value, guard.returned)
    if isinstance(value, _Unequal):
        const = guard.returned
        return (
            kind == "param =="
            and const is not None
            and const[0] == "const"
            and (const[1] in value.items)
        )
    if isinstance(value, Falsy):
        return kind == "param true"  # (`if p:` never runs; `p is None` is not known)
    if isinstance(value, Instance):
        if value.prefix and _prefix_decides(kind, value.prefix, guard.returned):
            return True
        if kind == "param is":  # `p is None` (or `True`, `False`)
            const = guard.returned
            return const is not None and const[0] == "const" and isinstance(const[1], _SINGLETONS)
        return kind == "param false" and value.truthy  # `not p`
    if isinstance(value, _Members) or (guard.returned is not None and guard.returned[0] == "attr"):
        return _members_false(kind, value, guard.returned)
    if kind == "param starts" or kind == "param starts not":
        prefixes = _prefixes(guard.returned)
        if type(value) is not str or prefixes is None or _truncated(value):
            return False
        starts = value.startswith(prefixes)
        return not starts if kind == "param starts" else starts
    if kind == "param true":
        return not value
    if kind == "param false":
        return bool(value)
    const = guard.returned
    if const is None or const[0] != "const":
        return False
    other = const[1]
    if kind == "param has" or kind == "param has not":
        if not isinstance(value, _DictKeys):
            return False  # only a dict literal's keys are known
        return (other not in value.items) if kind == "param has" else (other in value.items)
    if kind == "param is" or kind == "param is not":
        if not isinstance(other, _SINGLETONS):
            return False  # `p is 3` depends on the interpreter
        same = value is other
        return not same if kind == "param is" else same
    if _truncated(value) or _truncated(other):
        return False
    equal = value == other
    return not equal if kind == "param ==" else equal


def _membership_false(kind: str, value: object, collection: tuple | None) -> bool:
    """Whether `p in (…)` ("param in") / `p not in (…)` of a literal of constants is false
    for the scalar `value`: `sns_arn not in (None, "")` of a `None` the call leaves in it.
    A longer literal than the summary keeps decides `in` only where the value is among the
    items kept."""
    if collection is None or collection[0] != "list" or type(value) not in _CONSTANT_TYPES:
        return False
    items = collection[1]
    if not items or any(item[0] != "const" for item in items) or _truncated(value):
        return False
    member = value in [item[1] for item in items]
    if kind == "param not in":
        return member
    return not member and len(items) < _MAX_ITEMS and not any(_truncated(i[1]) for i in items)


def _prefixes(tested: tuple | None) -> tuple[str, ...] | None:
    """The texts a `startswith` test names: its string constant, or each of a tuple of them
    the summary kept whole; None for another."""
    if tested is None:
        return None
    items = tested[1] if tested[0] == "list" and len(tested[1]) < _MAX_ITEMS else (tested,)
    if any(item[0] != "const" or type(item[1]) is not str or _truncated(item[1]) for item in items):
        return None
    return tuple(item[1] for item in items)


def _prefix_decides(kind: str, prefix: str, tested: tuple | None) -> bool:
    """Whether a string starting with `prefix` makes the test of the constant `tested` false:
    `p.startswith("http")` of `"/tmp/…"` (neither starts with the other; for a tuple, with
    none of them), `not p.startswith("/tmp")` of it, `p == "http://x"` of it."""
    if kind == "param starts" or kind == "param starts not":
        texts = _prefixes(tested)
        if texts is None:
            return False
        if kind == "param starts not":
            return prefix.startswith(texts)
        return not any(prefix.startswith(t) or t.startswith(prefix) for t in texts)
    if tested is None or tested[0] != "const":
        return False
    other = tested[1]
    if type(other) is not str or _truncated(other):
        return False
    if kind == "param ==":
        return not other.startswith(prefix)
    return False


# classes neither a string nor an in-memory file is an instance of, by the name they are
# written with (`Path`, `pathlib.Path`, `os.PathLike`)
_NEITHER = frozenset(
    {"Path", "PurePath", "PosixPath", "WindowsPath", "PurePosixPath", "PureWindowsPath"}
    | {"PathLike", "bytes", "bytearray", "int", "float", "bool", "dict", "list", "tuple"}
)


def _instance_test_false(kind: str, value: object, classes: tuple | None) -> bool:
    """Whether `isinstance(p, C)` (or `not isinstance`) is false for `value`: a string the
    call passes, an in-memory file it builds, a string's encoding (bytes) or an instance of
    a builtin class the caller's own test narrowed it to (`_narrowed`), tested against
    classes it is surely not an instance of (`_NEITHER`, and `str` for a file or bytes), or
    the `else` of a test of the class it surely is (`if isinstance(data, BytesIO): … elif
    isinstance(data, (str, Path)):` given a `BytesIO`)."""
    if classes is None:
        return False
    named = classes[1] if classes[0] in ("tuple", "list") else (classes,)
    names = [last_name(ref) if ref[0] in ("name", "attr") else "" for ref in named]
    if isinstance(value, ProjectObject):
        if kind == "param not isinstance":
            return all(any(name in b.kinds for name in names) for b in value.built)
        return all(b.closed and all(n and n not in b.kinds for n in names) for b in value.built)
    is_text = type(value) is str
    made = value.made if isinstance(value, Instance) else ""
    if not is_text and not made:
        return False
    encoded = value is ENCODED
    own_class = "str" if is_text else made.rpartition(".")[2]
    if kind == "param not isinstance":  # (false where the value is one of the classes)
        return own_class in names
    if own_class in names:
        return False  # (true: `isinstance(d, dict)` of a dict the caller's test narrowed)
    if encoded:
        return all(name != "bytes" and (name in _NEITHER or name == "str") for name in names)
    return all(name in _NEITHER or (name == "str" and not is_text) for name in names)


def _type_test_false(kind: str, value: object, cls: tuple | None) -> bool:
    """Whether `type(p) is C` (or `is not`) is false for a project object the call builds,
    whose class is exactly the one it names: `if model_type is ProjectFilter:` given a
    `UserFilter(...)`."""
    if not isinstance(value, ProjectObject) or cls is None or cls[0] not in ("name", "attr"):
        return False
    named = last_name(cls)
    if kind == "param type is":
        return all(b.name != named for b in value.built)
    return all(b.name == named for b in value.built)


def _truncated(value: object) -> bool:
    return isinstance(value, str) and len(value) >= _MAX_STR
