"""What a function's `**kwargs` holds on the path the search took (callgraph.py's state),
and what the function's reads of it then give.

litellm's health check calls `completion(model=…, mock_response="…")`. There, `completion`
reads `mock_timeout = cast(bool | None, kwargs.get("mock_timeout", None))` and hands it on,
`mock_completion(…, mock_timeout=mock_timeout, mock_delay=kwargs.get("mock_delay", None))`:
both are None on that path, as the call passed neither, so neither the mock timeout's sleep
nor the mock delay's runs through it. The keywords a call puts in the callee's `**kwargs`
are a `Keywords` value: those passed as constants, and the names of all it may hold; any
other key is surely absent. Keys the callee itself sets or removes by name (wrapper_edits.py)
are unknown, and any other change to the dict leaves nothing known.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NamedTuple

from unjam.analysis.summary import CallSite, FuncDef

_READS = frozenset({"get", "pop"})
_CASTS = frozenset({("name", "cast"), ("attr", ("name", "typing"), "cast")})
NOT_KNOWN = object()
SOME_REMOVED = "-"  # a key of `kwargs` the holder computes and removes (wrapper_edits.py)


class Keywords(NamedTuple):
    """The keywords a call puts in the callee's `**kwargs`: `constants`, (name, value) of
    those it passes a constant, by name; `names`, every one it may pass; `popped`, those
    the callee removes after reading them (`read_then_popped`): its reads give what the
    call passed, but the dict it spreads may or may not hold them."""

    constants: tuple[tuple[str, object], ...]
    names: frozenset[str]
    popped: frozenset[str] = frozenset()

    def value(self, key: str, default: object) -> object:
        """What `kwargs.get(key, default)` gives: the constant, the default for a key
        surely absent, else NOT_KNOWN."""
        for name, constant in self.constants:
            if name == key:
                return constant
        return default if key not in self.names else NOT_KNOWN

    def without(self, keys: Iterable[str], popped: frozenset[str] = frozenset()) -> Keywords:
        """The same, with `keys` of unknown value (the callee sets or removes them), but for
        those it pops after reading them."""
        unknown = frozenset(keys) - popped
        if SOME_REMOVED in unknown:  # (what was passed may be gone; what was not, is not)
            return Keywords((), self.names | (unknown - {SOME_REMOVED}), popped)
        kept = tuple(item for item in self.constants if item[0] not in unknown)
        return Keywords(kept, self.names | unknown, popped)

    def spread(self) -> Keywords:
        """What the dict holds where the holder spreads it on (`f(**kwargs)`)."""
        return self.without(self.popped)


def read_then_popped(fd: FuncDef, own: str, keys: Iterable[str]) -> frozenset[str]:
    """The keys among `keys` that `fd` changes only by one `own.pop(key, …)`, on a line after
    its every `own.get(key, …)` (`mock_timeout = kwargs.get("mock_timeout")` … then
    `kwargs.pop("mock_timeout", None)` before a fallback): each read gives what the call
    passed."""
    me = ("name", own)
    stored = {key[1] for base, key, _value in fd.item_stores if base == me and key[0] == "const"}
    out = set()
    for key in keys:
        sites = [
            site
            for site in fd.calls
            if site.func[:2] == ("attr", me) and site.args and site.args[0] == ("const", key)
        ]
        pops = [site.line for site in sites if site.func[2] == "pop"]
        reads = [site.line for site in sites if site.func[2] == "get"]
        if key in stored or len(pops) != 1 or len(pops) + len(reads) != len(sites):
            continue
        if all(line < pops[0] for line in reads):
            out.add(key)
    return frozenset(out)


def keywords_name(fd: FuncDef) -> str | None:
    """The name of the function's `**kwargs`, unless its body binds that name again."""
    for param in fd.params:
        if param.kind == "kwarg":
            return None if param.name in fd.locals else param.name
    return None


def keywords_passed(
    site: CallSite, callee: FuncDef, caller: FuncDef, held: Mapping[str, object]
) -> Keywords | None:
    """What the call puts in `callee`'s `**kwargs`: the keywords it names that no named
    parameter takes, and those of the caller's own `**kwargs` it spreads, when the path
    taken knows them (`held`); None for any other spread."""
    named = {q.name for q in callee.params if q.kind in ("pos", "kwonly")}
    constants: dict[str, object] = {}
    names: set[str] = set()
    for name, ref in site.kwargs:
        if name is None:
            spread = held.get(ref[1]) if ref[0] == "name" else None
            if type(spread) is not Keywords or ref[1] != keywords_name(caller):
                return None
            spread = spread.spread()
            names.update(key for key in spread.names if key not in named)
            constants.update(item for item in spread.constants if item[0] not in named)
        elif name not in named:
            names.add(name)
            constants.pop(name, None)
            value = ref[1] if ref[0] == "const" else read_value(ref, caller, held)
            if value is not NOT_KNOWN:
                constants[name] = value
    return Keywords(tuple(sorted(constants.items(), key=_first)), frozenset(names))


def read_value(ref: tuple, scope: FuncDef, held: Mapping[str, object]) -> object:
    """The value `ref`, an argument `scope` passes, surely holds when it reads `scope`'s own
    `**kwargs`, which `held` knows: `kwargs.get("k", d)` or `kwargs.pop("k", d)`, or a local
    bound once to one (also through `cast(T, …)`); else NOT_KNOWN."""
    own = keywords_name(scope)
    known = held.get(own) if own is not None else None
    if type(known) is not Keywords:
        return NOT_KNOWN
    read = _argument_read(ref, scope, own)
    if read is None:
        return NOT_KNOWN
    key, default = read
    return known.value(key, default[1] if default[0] == "const" else NOT_KNOWN)


def keyword_read(ref: tuple, own: str | None) -> tuple[str, tuple] | None:
    """(key, default ref) of `own.get("key", default)` or `own.pop("key", default)` (the
    default None when not given), also inside `cast(T, …)`."""
    if ref[0] == "call" and ref[1] in _CASTS and len(ref[2]) == 2:
        ref = ref[2][1]
    if ref[0] != "call" or ref[3] or not ref[2] or own is None:
        return None
    func, args = ref[1], ref[2]
    if func[0] != "attr" or func[1] != ("name", own) or func[2] not in _READS:
        return None
    if args[0][0] != "const" or not isinstance(args[0][1], str) or len(args) > 2:
        return None
    if func[2] == "pop" and len(args) < 2:
        return None  # (`pop(key)` with no default raises when the key is absent)
    return args[0][1], args[1] if len(args) > 1 else ("const", None)


def reads_keywords(ref: tuple, scope: FuncDef) -> bool:
    """Whether the argument `ref` reads `scope`'s own `**kwargs` (`read_value` may know it)."""
    return _argument_read(ref, scope, keywords_name(scope)) is not None


def _argument_read(ref: tuple, scope: FuncDef, own: str | None) -> tuple[str, tuple] | None:
    """`keyword_read` of the argument `ref`, or of the one value a local it names is bound
    to (`delay = cast(float, kwargs.get("mock_delay"))`, then `delay=delay`)."""
    if ref[0] == "name":
        bound = scope.locals.get(ref[1], ())
        if len(bound) != 1:
            return None
        ref = bound[0]
    return keyword_read(ref, own)


def hands_on_keywords(site: CallSite, caller: FuncDef, held: Mapping[str, object]) -> bool:
    """Whether the call passes on something of the caller's `**kwargs` that `held` knows."""
    own = keywords_name(caller)
    if own is None or type(held.get(own)) is not Keywords:
        return False
    refs = [*site.args, *(ref for _name, ref in site.kwargs)]
    return any(ref == ("name", own) or reads_keywords(ref, caller) for ref in refs)


def tested_keys(fd: FuncDef, subjects: Iterable[str]) -> frozenset[str]:
    """The keys of `fd`'s own `**kwargs` that the locals among `subjects` read."""
    own = keywords_name(fd)
    if own is None:
        return frozenset()
    reads = (_argument_read(("name", name), fd, own) for name in subjects)
    return frozenset(read[0] for read in reads if read is not None)


def _first(item: tuple) -> str:
    return item[0]
