"""What a decorator's wrapper changes of the arguments it hands on (transparent.py).

A wrapper `def wrapper(*args, **kwargs)` calling `func(*args, **kwargs)` passes the call's
arguments through, but for the keys it sets or removes on the way:

    kwargs["call_id"] = new_id()             # sets "call_id"
    kwargs.pop("callbacks", None)            # removes "callbacks"
    kwargs["metadata"]["checksum"] = digest  # changes what "metadata" holds
    log, kwargs = set_up(*args, **kwargs)    # a helper returning its own **kwargs: its keys

What the call passed under any other key reaches the function as it was, so a test of it
there is decided as if nothing stood between. A change this cannot name (a computed key,
`kwargs.update(other)`, `kwargs = {...}`) leaves every key unknown: None. Positional
arguments a wrapper replaces (`args[0] = fallback`) are unknown as a whole: POSITIONAL marks
them. Handing `kwargs` to another function (a log line, a credentials loader) is taken as
leaving it alone, as transparent.py takes it.
"""

from __future__ import annotations

from unjam.analysis.held_keywords import SOME_REMOVED
from unjam.analysis.project import Func, Project
from unjam.analysis.summary import FuncDef

POSITIONAL = "*"  # (no parameter has this name)
_READS = frozenset({"get", "keys", "values", "items", "copy", "count", "index"})
_REMOVES = frozenset({"pop", "setdefault"})
_HELPER_DEPTH = 2  # helpers that return their own **kwargs, followed this deep
_UNKNOWN = ("?",)  # a name's value the summary does not model (a tuple unpacked into it)


def forwarded_edits(project: Project, func: Func, args: str, kwargs: str) -> frozenset[str] | None:
    """The keywords `func` (a wrapper of parameters `*args`, `**kwargs`) may change before
    handing them on, with POSITIONAL when it replaces positional ones; None when it may
    change any."""
    positional = _positional_edits(func.fd, args)
    keys = _key_edits(project, func, kwargs, _HELPER_DEPTH)
    if positional is None or keys is None or SOME_REMOVED in keys:
        return None
    return frozenset(keys | positional)


def changed_keys(project: Project, func: Func, name: str) -> frozenset[str] | None:
    """The keys of the dict `name` (`func`'s own `**kwargs`) that `func` may set or remove
    by name, with SOME_REMOVED where it removes keys it computes (a key it did not get is
    still absent then); None when it may change any."""
    keys = _key_edits(project, func, name, _HELPER_DEPTH)
    return frozenset(keys) if keys is not None else None


def _positional_edits(fd: FuncDef, name: str) -> set[str] | None:
    """{POSITIONAL} when `fd` replaces items of its `*args` (`args[0] = fallback`), {} when
    it leaves them alone, None when it may change them otherwise."""
    me = ("name", name)
    stores = sum(1 for base, _key, _value in fd.item_stores if base == me)
    if name in fd.locals or fd.mutated.count(me) > stores:
        return None  # (`args = args[1:]`, `args += (x,)`)
    if any(site.func[:2] == ("attr", me) and site.func[2] not in _READS for site in fd.calls):
        return None
    return {POSITIONAL} if stores else set()


def _key_edits(project: Project, func: Func, name: str, depth: int) -> set[str] | None:
    """The keys of the dict `name` that `func` sets, removes or changes the value of."""
    fd = func.fd
    me = ("name", name)
    keys: set[str] = set()
    stores = 0
    for base, key, _value in fd.item_stores:
        if base == me:
            stores += 1
            if key[0] != "const" or not isinstance(key[1], str):
                return None
            keys.add(key[1])
            continue
        inner = _key_below(base, me)
        if inner == "":
            return None
        if inner is not None:
            keys.add(inner)  # (`kwargs["metadata"]["checksum"] = …`)
    if fd.mutated.count(me) > stores:
        return None  # (`kwargs |= other`, `del kwargs`)
    for site in fd.calls:
        if site.func[0] != "attr" or site.func[2] in _READS:
            continue
        if site.func[1] == me:
            named = _named_by(site.func[2], site.args, site.kwargs)
            if named is None:
                return None
            keys |= named
            continue
        inner = _key_below(site.func[1], me)
        if inner == "":
            return None
        if inner is not None:
            keys.add(inner)  # (`kwargs["callbacks"].pop(0)`)
    rebound = _rebinding_edits(project, func, name, depth)
    return None if rebound is None else keys | rebound


def _named_by(method: str, args: tuple, kwargs: tuple) -> set[str] | None:
    """The keys `kwargs.<method>(...)` changes: `pop("k")`, `setdefault("k", v)`,
    `update(k=v)`, or SOME_REMOVED for `pop(name)`; None for any other change."""
    if method in _REMOVES and args and args[0][0] == "const" and isinstance(args[0][1], str):
        return {args[0][1]}
    if method == "pop" and args:
        return {SOME_REMOVED}
    if method == "update" and not args and all(key is not None for key, _ in kwargs):
        return {key for key, _ in kwargs if key is not None}
    return None


def _key_below(ref: tuple, me: tuple) -> str | None:
    """The key of `me` that `ref` reaches into (`kwargs["metadata"]["x"]` → "metadata"):
    "" when not a string constant, None when `ref` is not inside `me`."""
    while ref[0] in ("sub", "attr") and ref[1] != me:
        ref = ref[1]
    if ref[0] != "sub" or ref[1] != me:
        return None
    keys = ref[2]
    if len(keys) == 1 and keys[0][0] == "const" and isinstance(keys[0][1], str):
        return keys[0][1]
    return ""


def _rebinding_edits(project: Project, func: Func, name: str, depth: int) -> set[str] | None:
    """The keys a rebinding of `name` may change: each binding must be the `**name` dict as
    a helper hands it back (`log, kwargs = set_up(**kwargs)`), with that helper's edits."""
    bound = func.fd.locals.get(name)
    if not bound:
        return set()
    if depth <= 0:
        return None
    me = ("name", name)
    keys: set[str] = set()
    for value in bound:
        if value == _UNKNOWN:  # (a tuple unpacked: from a helper handed `**name`)
            handed = [site.func for site in func.fd.calls if (None, me) in site.kwargs]
        elif value[0] == "call" and (None, me) in value[3]:
            handed = [value[1]]
        else:
            return None
        helpers = [h for h in (_returning(project, func, ref) for ref in handed) if h]
        if not helpers or (value != _UNKNOWN and len(helpers) != len(handed)):
            return None
        for helper, own in helpers:
            edits = _key_edits(project, helper, own, depth - 1)
            if edits is None:
                return None
            keys |= edits
    return keys


def _returning(project: Project, func: Func, ref: tuple) -> tuple[Func, str] | None:
    """The project function `func` calls as `ref`, and the name of its `**kwargs`, when it
    returns that dict (`_returned_kwargs`)."""
    value = project.callee(func, ref)
    helper = project.funcs.get(value[1]) if value is not None and value[0] == "func" else None
    own = _returned_kwargs(helper.fd) if helper is not None else None
    return (helper, own) if helper is not None and own is not None else None


def _returned_kwargs(fd: FuncDef) -> str | None:
    """The name of `fd`'s `**kwargs` when each of its returns hands that dict back, alone
    or as an item of a tuple."""
    own = next((q.name for q in fd.params if q.kind == "kwarg"), None)
    if own is None or not fd.return_values:
        return None
    me = ("name", own)
    for value in fd.return_values:
        if value != me and not (value[0] == "list" and me in value[1]):
            return None
    return own
