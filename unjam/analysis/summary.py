"""The compact, picklable per-module summary that one pass over a file's AST produces.

Everything after parsing (FastAPI model, receiver types, call graph, rules) reads these
summaries, never the AST: that is what lets `unjam check` cache one small object per file
content and skip parsing on warm runs. Expressions are kept as nested tuples ("refs") so
they are cheap to pickle, hashable (memoisation keys) and independent of the project root:

    ("name", id)                      ("attr", base, attr)
    ("call", func, args, kwargs)      kwargs = ((name | None, ref), ...)
    ("await", ref)  ("sub", base, (index refs...))  ("const", value)
    ("list", (refs...))  ("dict", ((key, value), ...))  ("lambda", local qualname)
    ("binop", op, left, right)  ("ifexp", a, b, test)  ("boolop", (refs...))
    an f-string: ("const", text) without placeholders, else ("binop", "Add", ("const", the
    text before the first one), ("fmt", (refs of the values it formats...)[, (the text
    around each placeholder...)])), or that ("fmt", ...) alone when no text comes first;
    the text pieces (one more than the placeholders) only when every placeholder renders
    its value as `str()` does
    ("enter", ref)   value bound by `with ref as x`      ("iter", ref)  `yield from ref`
    ("imp", level, module, name)  a function-local import
    ("star", ref)    ("?",)  anything else
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import partial
from typing import NamedTuple

Ref = tuple


class CallSite(NamedTuple):
    """One call (or `with x:` enter) in a scope's own body, not in nested defs."""

    line: int
    col: int
    func: Ref
    args: tuple[Ref, ...]
    kwargs: tuple[tuple[str | None, Ref], ...]
    awaited: bool = False  # `await f()` — async by definition, never blocking
    guard: int = -1  # index in the scope's `guards` of the innermost test it runs under
    arg_of: int = -1  # index (in the same scope) of the call this one is an argument of
    is_with: bool = False  # `with x:` → x.__enter__()


def under_guard(fd: FuncDef, index: int, outer: int) -> bool:
    """Whether guard `index` of `fd` is guard `outer` or nested in it."""
    while index >= 0:
        if index == outer:
            return True
        index = fd.guards[index].outer
    return False


def handler_guards(guards: list[Guard]) -> frozenset[int]:
    """The guards under which code runs only in an `except` handler (one, or nested in one)."""
    inside: set[int] = set()
    for i, guard in enumerate(guards):
        if guard.kind == "except" or (guard.outer >= 0 and guard.outer in inside):
            inside.add(i)
    return frozenset(inside)


def root_name(ref: Ref) -> str:
    """The name an attribute or item chain starts from (`X` of `X.a["k"]`), "" for another
    (a call's answer, a constant)."""
    while ref[0] in ("attr", "sub"):
        ref = ref[1]
    return ref[1] if ref[0] == "name" else ""


def root_attribute(ref: Ref) -> str:
    """`X.a` of an attribute chain starting at a name (`X.a`, `X.a.b`, `X.a["k"]`), the
    attribute of `X` the chain goes through; "" for another (`X`, `X["k"].a`, a call's)."""
    while ref[0] in ("attr", "sub"):
        base = ref[1]
        if ref[0] == "attr" and base[0] == "name":
            return f"{base[1]}.{ref[2]}"
        ref = base
    return ""


# the calls that read the time (`time.monotonic()`, `datetime.now()`): what stamps a value
# with its age, for the summariser's guards and the rules' expiring caches alike
CLOCK_CALLS = frozenset({"time", "time_ns", "monotonic", "monotonic_ns", "now", "utcnow", "today"})

# the calls that ask the file system whether a path is there (`os.path.exists(p)`, `p.is_file()`),
# for the summariser's file-test guards and the memo rule alike
FILE_TESTS = frozenset({"exists", "is_file", "is_dir", "isfile", "isdir"})


def upper_case_name(name: str) -> bool:
    """An upper-case ASCII name (`TESTING`, `FULL`): a switch or a module's constant, as the
    summaries record a test of one (native/src/guards.rs `flag_name` says the same)."""
    return name.isascii() and name.isupper()


def last_name(ref: Ref) -> str:
    """The name a call's function is written with last (`limit` of `limiter.limit`, `TTLCache`
    of `TTLCache`), "" for another expression."""
    if ref[0] == "attr":
        return ref[2]
    return ref[1] if ref[0] == "name" else ""


def names_read(ref: Ref) -> frozenset[str]:
    """Every bare name a ref reads (`Cache(**s)` reads `Cache` and `s`)."""
    found: set[str] = set()
    stack = [ref]
    while stack:
        item = stack.pop()
        if len(item) == 2 and item[0] == "name" and type(item[1]) is str:
            found.add(item[1])
            continue
        stack.extend(part for part in item if type(part) is tuple)
    return frozenset(found)


def attributes_read(ref: Ref) -> frozenset[str]:
    """Every attribute name a ref reads (`s.cookie_jar` reads `cookie_jar`)."""
    found: set[str] = set()
    stack = [ref]
    while stack:
        item = stack.pop()
        if len(item) == 3 and item[0] == "attr" and type(item[2]) is str:
            found.add(item[2])
        stack.extend(part for part in item if type(part) is tuple)
    return frozenset(found)


def refs_in(fd: FuncDef, loops: bool = False) -> list[Ref]:
    """What a function's calls, assignments and returns are made of; with `loops`, what its
    `for` loops iterate too."""
    return [
        *(call.func for call in fd.calls),
        *(arg for call in fd.calls for arg in call.args),
        *(value for call in fd.calls for _key, value in call.kwargs),
        *(ref for values in fd.locals.values() for ref in values),
        *(fd.iterated if loops else ()),
        *fd.return_values,
    ]


def mentions(ref: Ref, target: Ref, into_calls: bool = True) -> bool:
    """Whether `target` appears anywhere in `ref` (`_cache[key]` mentions `_cache`); not
    inside a call unless `into_calls`."""
    stack = [ref]
    while stack:
        item = stack.pop()
        if item == target:
            return True
        if not into_calls and item and item[0] == "call":
            continue
        stack.extend(part for part in item if type(part) is tuple)
    return False


# the kinds of guard that test a value, not what a call stores: a parameter's, a local's, a
# flag's (`if p:`, `if name == "x":`, `if TESTING:`): never a memo
VALUE_TESTS = ("param ", "local ", "flag ")


class Guard(NamedTuple):
    """A test the code after it runs under, recorded as written (whether it is a memo guard,
    so that the guarded code runs once, is the rules' judgement — `rules/memo.py`):

    "is None"  `if X is None:` / `if X == None:` — the body runs while X is unset
    "not"      `if not X:`
    "not in"   `if key not in X:` (subject: the container X; the key in `returned`); also
               `if X != key:` (or `key != X`) whose body sets X (a one-entry cache holding
               another key; also beside tests of held values in an `or`: `if _v is None or
               sig != _v_sig:`), and
               the rest of a block after `if key in X: return` that fills `X[…]`
    "cached"   `if X is not <const>: return …` / `if key in X: return …` / `if X: return …`
               (X may be `hasattr(x, "a")`)
               — the rest of the block runs when X holds nothing (also `if X is not None
               and not X.closed: return X`: `and` tests of X, X itself returned, also
               written as two tests, `if X: if isinstance(X, T): return X`; and `if
               _c["ts"] > 0 and now - _c["ts"] < ttl: return _c["v"]`, an expiring cache,
               its age maybe a local assigned before the test; or a field of an entry kept
               in an attribute, `return self._cache.value`)
    "done"     `if X: return` (no value) / `if X and not p: return` (X a name, an attribute, a
               subscript or `….get(…)`) — the rest of the block runs while X is unset
    "unset"    the `else` of `if X is not None:` / `if X:` (X a name, not a parameter) that
               does not fill X — it runs while X is unset: a fallback or a switch
    One `if a is None or not b:` gives one guard per recognised operand, chained by `outer`.
    "except" (subject: the handler's exception type, `None` when bare) — what an `except`
    handler runs, only when its `try` failed.

    A test of a parameter `p` of the function against a constant (subject ("name", p);
    for `==`/`!=`/`is`/`is not`, also an enum member `Event.CREATED` or an upper-case name
    `FULL`, which named_constants.py reads as the module constant it holds) —
    or, in a method, of an attribute of its own instance (`if self.process:`, subject
    ("name", "self.process")) — is recorded again as what must hold for the code to run — "param true" (`if p:`),
    "param false" (`if not p:`), "param is", "param is not", "param ==", "param !=",
    "param has" / "param has not" (`if "key" in p:`; the constant in `returned`),
    "param in" / "param not in" (`if p not in (None, ""):`; the literal of constants in
    `returned`, as `("list", …)`), "param starts" / "param starts not" (`if
    p.startswith("data:"):`; the prefix in `returned`), "param isinstance" / "param not
    isinstance" (`if isinstance(p, Path):`; the class as written in `returned`, a tuple of
    classes as `("list", …)`), "param type is" / "param type is not" (`if type(p) is
    UserFilter:`, also through `t = type(p)`; the class as written) — for the
    body of `if` (each operand of `and`), for its `else`/`elif` (negated: of `if p:` or of
    each operand of `or`), and for the operands of `and`/`or` after such a test (`if not p
    and f():`: f() runs under "param false"; `if p or f():` likewise), and for the rest of
    a block after an `if` with no `else` whose body ends in `return`/`raise`/`continue`/
    `break` (negated as for `else`; the operands of `if not (p and q): return` as written;
    the `else` of `if not (p and q):` likewise). Every parameter but
    `*args`/`**kwargs` is recorded, and so is a local bound so far only to one of them
    (`client = http_client`, then `if client is None:`), as that parameter's test. Whether a
    call's arguments decide them is `values.py`'s
    judgement; they are never memo guards. A test of another name (a local, a loop
    variable) against a string, `name == "text"` / `name != "text"`, is recorded as "local
    ==" / "local !=" for the body of `if` (each operand of `and`) and, negated, where the
    test was false, and `(not) isinstance(name, C)` likewise as "local isinstance" / "local
    not isinstance": what a call passing that name along there gives the callee. A test of
    an upper-case name that is no parameter, `if TESTING:` / `if not IS_PG:`, is recorded
    the same way as "flag true" / "flag false" (subject ("name", NAME)): a switch, which
    the rules may know the value of (suite_switches.py).
    """

    kind: str
    subject: Ref
    outer: int  # index of the enclosing guard, -1 at the top
    # "cached": the value the early return gives; "not in": the key; "is None"/"not" in an
    # `or`: the ordering comparison beside it, `("binop", "Gt", now, X)` of `X is None or now
    # > X` (a stamp: the value is refreshed when stale too); "param is/is not/==/!=/has/has
    # not": the constant
    returned: Ref | None = None


class Param(NamedTuple):
    name: str
    annotation: Ref | None
    default: Ref | None
    kind: str  # "pos" | "kwonly" | "vararg" | "kwarg"


@dataclass(slots=True)
class FuncDef:
    """A function, method, lambda or the module body ("<module>")."""

    qn: str  # qualified name inside the module: "Cls.method", "outer.inner", "<module>"
    name: str
    line: int
    col: int
    is_async: bool = False
    is_generator: bool = False
    is_lambda: bool = False
    decorators: tuple[tuple[Ref, int, int], ...] = ()
    params: tuple[Param, ...] = ()
    returns: Ref | None = None
    return_values: list[Ref] = field(default_factory=list)
    yield_values: list[Ref] = field(default_factory=list)
    calls: list[CallSite] = field(default_factory=list)
    locals: dict[str, list[Ref]] = field(default_factory=dict)  # name → assigned values
    local_annotations: dict[str, Ref] = field(default_factory=dict)
    attr_stores: list[tuple[Ref, str, Ref]] = field(default_factory=list)  # base.attr = value
    # what is changed in place: a subscript target's base (`d[k] = v`, `del d[k]`,
    # `d[k] += 1`) and an augmented or deleted target (`n += 1`, `self.n -= 1`, `del x`)
    mutated: list[Ref] = field(default_factory=list)
    # what `for` loops and comprehensions iterate over (`for x in R`, `[... for x in R]`)
    iterated: list[Ref] = field(default_factory=list)
    guards: list[Guard] = field(default_factory=list)  # CallSite.guard indexes these
    local_defs: dict[str, str] = field(default_factory=dict)  # name → qn of nested def/class
    globals_declared: frozenset[str] = frozenset()
    class_qn: str | None = None  # enclosing class when this is a method
    parent: str | None = None  # enclosing function qn (closures)
    # the lines (first, last) of what runs after a `yield` on its path (summarize.after_yield),
    # sorted and merged; () when the function has none: a lifespan's shutdown part
    after_yield: tuple[tuple[int, int], ...] = ()
    # the calls whose value a statement drops (`f(x)`, `[f(x) for x in xs]`), by index in
    # `calls`: a coroutine or generator made there never runs
    dropped: list[int] = field(default_factory=list)
    # of the module body and of a sync `def`'s: its own statements that import or call a
    # function by name, in order — ("import", "a.b"), ("from", level, module, (names…)),
    # ("call", name) — what importing the module, or calling the def as it loads, runs
    # (top_level_imports.py)
    load_steps: tuple[tuple, ...] = ()
    # what a subscript target stores, deletes or changes in place, as written: (container,
    # key, value) — `kwargs["user"] = u` → (("name", "kwargs"), ("const", "user"), u); the
    # value UNKNOWN for `del d[k]` and `d[k] += 1` (the container is in `mutated` too)
    item_stores: list[tuple[Ref, Ref, Ref]] = field(default_factory=list)


@dataclass(slots=True)
class ClassDef:
    qn: str
    name: str
    line: int
    col: int
    bases: tuple[Ref, ...] = ()
    decorators: tuple[tuple[Ref, int, int], ...] = ()
    methods: dict[str, str] = field(default_factory=dict)  # name → FuncDef qn
    attrs: dict[str, list[Ref]] = field(default_factory=dict)  # class-level assignments
    scope: str = "<module>"  # the scope whose names the class body sees
    metaclass: Ref | None = None  # `class C(metaclass=M)`: M as written
    annotations: dict[str, Ref] = field(default_factory=dict)  # class-level `x: T` (= ...)


@dataclass(slots=True)
class ImportRef:
    """`import a.b as c` → ImportRef(0, "a.b", None); `from ..x import y` → (2, "x", "y")."""

    level: int
    module: str
    name: str | None


@dataclass(slots=True)
class ModuleSummary:
    is_package: bool
    funcs: dict[str, FuncDef] = field(default_factory=dict)
    classes: dict[str, ClassDef] = field(default_factory=dict)
    imports: dict[str, ImportRef] = field(default_factory=dict)
    # module-level names assigned anywhere (incl. `global x` in functions): (scope qn, value)
    global_values: dict[str, list[tuple[str, Ref]]] = field(default_factory=dict)
    global_annotations: dict[str, Ref] = field(default_factory=dict)
    star_imports: list[ImportRef] = field(default_factory=list)
    # every name used other than by calling or reading it (summarize_names.py), sorted
    value_names: list[str] = field(default_factory=list)
    # a module-level import an `except` handler makes of a name a `try` imported first
    # (`try: from ..db import conn` / `except ImportError: from db import conn`): `imports`
    # keeps the first; which one the project has is for fallback_imports.py to say
    fallback_imports: dict[str, ImportRef] = field(default_factory=dict)


# ---- plain form: builtin containers only, for marshal (cache file, worker → main) --------
# `marshal` is ~10x faster than pickling slotted objects, which dominated warm runs.

_FUNC_FIELDS = [f.name for f in fields(FuncDef)]
_CLASS_FIELDS = [f.name for f in fields(ClassDef)]


def to_plain(m: ModuleSummary) -> tuple:
    funcs = []
    for fd in m.funcs.values():
        values = [getattr(fd, name) for name in _FUNC_FIELDS]
        values[_FUNC_FIELDS.index("params")] = tuple(tuple(p) for p in fd.params)
        values[_FUNC_FIELDS.index("calls")] = [tuple(c) for c in fd.calls]
        values[_GUARDS_AT] = [tuple(g) for g in fd.guards]
        funcs.append(tuple(values))
    classes = [tuple(getattr(cd, name) for name in _CLASS_FIELDS) for cd in m.classes.values()]
    imports = {k: (v.level, v.module, v.name) for k, v in m.imports.items()}
    stars = [(v.level, v.module, v.name) for v in m.star_imports]
    fallbacks = {k: (v.level, v.module, v.name) for k, v in m.fallback_imports.items()}
    return (
        m.is_package,
        funcs,
        classes,
        imports,
        m.global_values,
        m.global_annotations,
        stars,
        m.value_names,
        fallbacks,
    )


_PARAMS_AT = _FUNC_FIELDS.index("params")
_CALLS_AT = _FUNC_FIELDS.index("calls")
_GUARDS_AT = _FUNC_FIELDS.index("guards")
# `tuple.__new__(CallSite, plain)` without `_make`'s Python-level frame: a cold run converts
# ~75 call sites per file.
_new_call = partial(tuple.__new__, CallSite)
_new_param = partial(tuple.__new__, Param)
_new_guard = partial(tuple.__new__, Guard)


def from_plain(t: tuple) -> ModuleSummary:
    is_package, funcs, classes, imports, global_values, global_annotations, stars, names, fb = t
    m = ModuleSummary(
        is_package,
        {},
        {},
        {k: ImportRef(*v) for k, v in imports.items()},
        global_values,
        global_annotations,
        [ImportRef(*v) for v in stars],
        names,
        {k: ImportRef(*v) for k, v in fb.items()},
    )
    by_qn = m.funcs
    for values in funcs:
        values = list(values)
        values[_PARAMS_AT] = tuple(map(_new_param, values[_PARAMS_AT]))
        values[_CALLS_AT] = list(map(_new_call, values[_CALLS_AT]))
        if values[_GUARDS_AT]:
            values[_GUARDS_AT] = list(map(_new_guard, values[_GUARDS_AT]))
        fd = FuncDef(*values)
        by_qn[fd.qn] = fd
    classes_by_qn = m.classes
    for values in classes:
        cd = ClassDef(*values)
        classes_by_qn[cd.qn] = cd
    return m
