"""The tests the summariser records as guards (`Guard` in summary.py): memo-guard shapes
(`if X is None:`, `if key not in X:`, an early `return` of a cached value) and tests of a
parameter against a constant, with the short-circuit and `else` forms. The summary keeps
them as written; rules/memo.py and values.py judge them."""

from __future__ import annotations

import ast
from collections.abc import Callable
from functools import partial

from unjam.analysis.summary import (
    CLOCK_CALLS,
    FILE_TESTS,
    FuncDef,
    Guard,
    Ref,
    last_name,
    upper_case_name,
)


def _guard_subjects(
    test: ast.expr, fn: FuncDef, keyed: ast.expr | None = None
) -> list[tuple[str, ast.expr, ast.expr | None]]:
    """The (kind, subject, key) of each operand of an `if` test that reads "X is unset" —
    `X is None`, `X == None`, `not X`, `X == ""`, `len(X) == 0` / `not len(X)` (as `not X`),
    `key not in X` (its key: the key) — as written; whether X is shared state (a memo
    guard) is for the rules to judge (see `Guard` in summary.py). In an `or`, `X is None` /
    `not X` has as key the ordering comparison beside it, a stamp (`if X is None or now >
    X:`, `_stamps`). None of an `or` one of whose operands tests a parameter (`if
    self._cache is None or force_refresh:`) or compares a parameter or a local (`if
    downloaded is False or not os.path.exists(p):`) other than such a stamp, or than `keyed`,
    the operand `_changed` reads as a one-entry cache's key test (`if _v is None or sig !=
    _v_sig:` whose body sets `_v_sig`): its body runs whenever the call decides, set or
    not."""
    out: list[tuple[str, ast.expr, ast.expr | None]] = []
    is_or = type(test) is ast.BoolOp and type(test.op) is ast.Or
    stamp, own = _stamps(test.values) if is_or else (None, [])  # type: ignore[attr-defined]
    if is_or and any(
        node is not keyed
        and (
            _param_test(node, fn, attributes=False) is not None
            or (_compares_a_call_value(node, fn) and not any(node is o for o in own))
        )
        for node in test.values  # type: ignore[attr-defined]
    ):
        return out
    for node in test.values if type(test) is ast.BoolOp else (test,):
        t = type(node)
        if t is ast.UnaryOp and type(node.op) is ast.Not:
            out.append(("not", _sized(node.operand) or node.operand, stamp))
        elif t is ast.Compare and _is_empty_text(node):
            out.append(("not", node.left, None))  # `if page == "":` reads as `if not page:`
        elif t is ast.Compare and _is_zero(node) and _sized(node.left) is not None:
            out.append(("not", _sized(node.left), None))  # `if len(X) == 0:`, as `if not X:`
        elif t is ast.Compare and any(
            type(op) is ast.NotIn
            or (
                type(op) in (ast.Is, ast.Eq) and type(right) is ast.Constant and right.value is None
            )
            for op, right in zip(node.ops, node.comparators, strict=False)
        ):
            if type(node.ops[-1]) is ast.NotIn:
                key = node.comparators[-2] if len(node.comparators) > 1 else node.left
                out.append(("not in", node.comparators[-1], key))
            else:
                out.append(("is None", node.left, stamp))
    return out


_ORDERINGS = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def _stamps(operands: list[ast.expr]) -> tuple[ast.Compare | None, list[ast.Compare]]:
    """In `if X is None or now > X:` (also `not X`, `time.time() - X_at > ttl`), the first
    ordering comparison of the operands — the held value's age or expiry, when an operand
    tests one as unset: the body runs while it is unset or stale — and the orderings that
    compare such a value itself (`now > X`), which no call decides alone."""
    unset = set()
    for node in operands:
        if type(node) is ast.UnaryOp and type(node.op) is ast.Not:
            unset.add(_dump(node.operand))
        elif type(node) is ast.Compare and _is_none_test(node):
            unset.add(_dump(node.left))
    orderings = [
        node
        for node in operands
        if type(node) is ast.Compare and len(node.ops) == 1 and type(node.ops[0]) in _ORDERINGS
    ]
    if not unset or not orderings:
        return None, []
    own = [node for node in orderings if unset & {_dump(part) for part in ast.walk(node)}]
    return orderings[0], own


def _is_none_test(node: ast.Compare) -> bool:
    """`X is None` / `X == None`."""
    return (
        len(node.ops) == 1
        and type(node.ops[0]) in (ast.Is, ast.Eq)
        and type(node.comparators[0]) is ast.Constant
        and node.comparators[0].value is None
    )


def compare_ref(ref: Callable[[ast.AST], Ref], key: ast.expr) -> Ref:
    """A guard's key as a ref: an ordering comparison (a stamp, `now > X`) as
    `("binop", "Gt", left, right)`, anything else as itself."""
    if type(key) is ast.Compare:
        return ("binop", type(key.ops[0]).__name__, ref(key.left), ref(key.comparators[0]))
    return ref(key)


def _compares_a_call_value(node: ast.expr, fn: FuncDef) -> bool:
    """`size <= 0`, `downloaded is False`: a parameter, or a local the function bound before
    the test, compared to anything, which each call decides."""
    if type(node) is not ast.Compare or type(node.left) is not ast.Name:
        return False
    if any(type(op) in (ast.In, ast.NotIn) for op in node.ops) or any(
        type(right) is ast.Constant and right.value is None for right in node.comparators
    ):
        return False  # (`key not in _cache`, `cached is None`: what a memo asks)
    name = node.left.id
    if name in ("self", "cls") or _clock_reading(fn, name, 2):
        return False  # (`age = time.time() - self._at`: a stamp, no call decides it)
    return name in fn.locals or any(p.name == name for p in fn.params)


def _clock_reading(fn: FuncDef, name: str, depth: int) -> bool:
    """Whether every value the function gave local `name` so far reads the time, directly or
    through another such local (`depth` levels): an age or an expiry, not a call's value."""
    values = fn.locals.get(name)
    if not values or any(p.name == name for p in fn.params):
        return False
    return all(_reads_a_clock(fn, value, depth) for value in values)


def _reads_a_clock(fn: FuncDef, ref: Ref, depth: int) -> bool:
    stack = [ref]
    while stack:
        item = stack.pop()
        if not item:
            continue
        if item[0] == "call" and last_name(item[1]) in CLOCK_CALLS:
            return True
        if item[0] == "name" and depth > 1 and _clock_reading(fn, item[1], depth - 1):
            return True
        stack.extend(part for part in item[1:] if type(part) is tuple)
    return False


def _is_set(test: ast.expr) -> bool:
    """`X is not None`."""
    return (
        type(test) is ast.Compare
        and len(test.ops) == 1
        and type(test.ops[0]) is ast.IsNot
        and type(test.comparators[0]) is ast.Constant
        and test.comparators[0].value is None
    )


def _sized(node: ast.expr) -> ast.expr | None:
    """X of `len(X)`."""
    return _sole_argument(node, "len")


def _sole_argument(node: ast.expr, builtin: str) -> ast.expr | None:
    """X of `builtin(X)`: one positional argument, no keywords."""
    if (
        type(node) is ast.Call
        and type(node.func) is ast.Name
        and node.func.id == builtin
        and len(node.args) == 1
        and not node.keywords
    ):
        return node.args[0]
    return None


def _is_zero(node: ast.Compare) -> bool:
    """`… == 0`."""
    if len(node.ops) != 1 or type(node.ops[0]) is not ast.Eq:
        return False
    right = node.comparators[0]
    return type(right) is ast.Constant and type(right.value) is int and right.value == 0


def _is_empty_text(node: ast.Compare) -> bool:
    """`X == ""` (or `b""`)."""
    if len(node.ops) != 1 or type(node.ops[0]) is not ast.Eq:
        return False
    right = node.comparators[0]
    return type(right) is ast.Constant and type(right.value) in (str, bytes) and not right.value


def _missed(test: ast.expr, orelse: list[ast.stmt]) -> tuple[str, ast.expr, ast.expr | None] | None:
    """(kind, subject, key) the `else` of `if key in X:` / `if X is not None:` runs under
    when it fills X (`X[key] = …` / `X = …`): X missed, as in the body of `if key not in
    X:` / `if X is None:` (`if k in _cache: v = _cache[k] else: v = build(); _cache[k] =
    v`). An `else` that does not fill X is a dispatch (`if url in self.prefill: … elif url
    in self.decode: …`), and the `else` of a bare `if X:` a switch (`if settings.fast:`).
    `if X.get(key):` / `if X.get(key) is not None:` whose `else` fills `X[key]` is `if key in
    X:` written another way."""
    got = _got(test)
    if got is not None:
        return ("not in", got[0], got[1]) if _fills(orelse, got[0], keyed=True) else None
    if type(test) is not ast.Compare or len(test.ops) != 1:
        return None
    op, right = type(test.ops[0]), test.comparators[0]
    if op is ast.In and _fills(orelse, right, keyed=True):
        return ("not in", right, test.left)
    if (
        op is ast.IsNot
        and type(right) is ast.Constant
        and right.value is None
        and _fills(orelse, test.left, keyed=False)
    ):
        return ("is None", test.left, None)
    return None


def asks_for_a_file(test: ast.expr) -> bool:
    """`os.path.exists(p)` / `p.is_file()` and their kin: the `else` of `if` such a test,
    or the rest of a block after it exits, runs while the path is missing, as the body of
    `if not os.path.exists(p):` does (whether the code there makes it is the rules' call)."""
    return (
        type(test) is ast.Call and type(test.func) is ast.Attribute and test.func.attr in FILE_TESTS
    )


def _tested(test: ast.expr) -> ast.expr | None:
    """X of `X is not None`, or the test itself where it is no comparison (`if X:`); None
    for any other comparison."""
    if type(test) is not ast.Compare:
        return test
    right = test.comparators[0]
    if len(test.ops) != 1 or type(test.ops[0]) is not ast.IsNot:
        return None
    if type(right) is not ast.Constant or right.value is not None:
        return None
    return test.left


def _got(test: ast.expr) -> tuple[ast.expr, ast.expr] | None:
    """(X, key) of `X.get(key)` or `X.get(key) is not None`."""
    call = _tested(test)
    if type(call) is not ast.Call or call.keywords or len(call.args) != 1:
        return None
    func = call.func
    if type(func) is not ast.Attribute or func.attr != "get":
        return None
    return func.value, call.args[0]


def _unset_name(test: ast.expr, fn: FuncDef) -> ast.Name | None:
    """X of `if X is not None:` / `if X:`, X a name that is not a parameter: what the
    `else` runs under when it does not fill X (`_missed`) — X unset, a fallback or a
    switch."""
    subject = _tested(test)
    if type(subject) is not ast.Name or any(p.name == subject.id for p in fn.params):
        return None
    return subject


def _changed(test: ast.expr, body: list[ast.stmt]) -> tuple[ast.expr, ast.expr, ast.expr] | None:
    """(X, key, the comparison) of `if X != key:` (or `key != X`; or such an operand of an
    `or`, `if _v is None or sig != _v_sig:`) whose body sets X (`X = key`): a one-entry
    cache, its body run when the key it holds is another — `if _pid != os.getpid(): _start
    = read(); _pid = os.getpid()` (recorded as a "not in" guard of X with that key)."""
    is_or = type(test) is ast.BoolOp and type(test.op) is ast.Or  # type: ignore[attr-defined]
    for operand in test.values if is_or else [test]:  # type: ignore[attr-defined]
        if type(operand) is not ast.Compare or len(operand.ops) != 1:
            continue
        if type(operand.ops[0]) is not ast.NotEq:
            continue
        left, right = operand.left, operand.comparators[0]
        for subject, key in ((left, right), (right, left)):
            if type(subject) in (ast.Name, ast.Attribute) and _fills(body, subject, keyed=False):
                return subject, key, operand
    return None


def member_exit(node: ast.If, rest: list[ast.stmt]) -> tuple[ast.expr, ast.expr] | None:
    """(X, key) of `if key in X: return` (a bare exit, no `else`) when the rest of the block
    fills `X[…]`: the rest runs as the body of `if key not in X:` would, on a miss (`if
    tok.name in Matcher._instances: return` … `Matcher._instances[tok.name] = m`)."""
    test = node.test
    if not _bare_exit(node):
        return None
    if type(test) is not ast.Compare or len(test.ops) != 1 or type(test.ops[0]) is not ast.In:
        return None
    container = test.comparators[0]
    return (container, test.left) if _fills(rest, container, keyed=True) else None


def _fills(body: list[ast.stmt], subject: ast.expr, keyed: bool) -> bool:
    """Whether a statement in `body` (at any depth) assigns `subject[…]` (keyed) or
    `subject` itself."""
    for stmt in body:
        for node in ast.walk(stmt):
            t = type(node)
            if t is ast.Assign:
                targets = node.targets
            elif t is ast.AnnAssign or t is ast.AugAssign:
                targets = [node.target]
            else:
                continue
            for target in targets:
                if keyed:
                    if type(target) is ast.Subscript and _same(target.value, subject):
                        return True
                elif _same(target, subject):
                    return True
    return False


def _same(a: ast.expr, b: ast.expr) -> bool:
    """`a` and `b` name the same place (`x`, `x.y.z`), whatever their context (load, store)."""
    ta = type(a)
    if ta is not type(b):
        return False
    if ta is ast.Name:
        return a.id == b.id  # type: ignore[attr-defined]
    if ta is ast.Attribute:
        return a.attr == b.attr and _same(a.value, b.value)  # type: ignore[attr-defined]
    return False


_CMP_KINDS = {
    ast.Is: "param is",
    ast.IsNot: "param is not",
    ast.Eq: "param ==",
    ast.NotEq: "param !=",
}
_NEGATED = {
    "param true": "param false",
    "param false": "param true",
    "param is": "param is not",
    "param is not": "param is",
    "param ==": "param !=",
    "param !=": "param ==",
    "param has": "param has not",
    "param has not": "param has",
    "param in": "param not in",
    "param not in": "param in",
    "param starts": "param starts not",
    "param starts not": "param starts",
    "param isinstance": "param not isinstance",
    "param not isinstance": "param isinstance",
    "param type is": "param type is not",
    "param type is not": "param type is",
    "local ==": "local !=",
    "local !=": "local ==",
    "local isinstance": "local not isinstance",
    "local not isinstance": "local isinstance",
    "flag true": "flag false",
    "flag false": "flag true",
}


_VALUED = ("pos", "kwonly")  # a call passes these one value (not `*args` / `**kwargs`)


def _param_test(
    node: ast.expr, fn: FuncDef, attributes: bool = True
) -> tuple[str, ast.Name, ast.expr | None] | None:
    """(kind, parameter, constant) of one operand testing a parameter of `fn` against a
    constant, as written: `p`, `not p`, `p is / is not / == / != <const or Name.MEMBER>`,
    `"key" in / not in p` (the kinds "param has" / "param has not"), `p in / not in (None,
    "")` (a tuple, list or set of constants: "param in" / "param not in"), `(not)
    p.startswith("prefix")` ("param starts" / "param starts not"), `(not) isinstance(p,
    C)` ("param isinstance" / "param not isinstance", the class as written), `type(p) is C`
    (also `==`, and through a local bound only to `type(p)`: "param type is" / "param type
    is not", `_type_test`). Whether a call's
    argument values decide it is the rules' judgement (values.py): a constant the call
    passes can decide it whatever the default (`process: bool = Query(True)`).

    With `attributes`, a method's test of an attribute of its own instance (`if
    self.process:`) is one too, its parameter named `self.process`: what the instance it
    is called on was built with may decide it (callgraph_kills.py); so is a test of an
    attribute of another parameter (`if config.screenshot:`, named `config.screenshot`):
    what the object a caller passes was built with may decide it (argument_fields.py)."""
    kind = "param true"
    const = None
    if type(node) is ast.UnaryOp and type(node.op) is ast.Not:
        kind, node = "param false", node.operand
        if (tested := _starts_with(node)) is not None:
            kind, (node, const) = "param starts not", tested
        elif (tested := _instance_test(node)) is not None:
            kind, (node, const) = "param not isinstance", tested
    elif (tested := _starts_with(node)) is not None:
        kind, (node, const) = "param starts", tested
    elif (tested := _instance_test(node)) is not None:
        kind, (node, const) = "param isinstance", tested
    elif (typed := _type_test(node, fn)) is not None:
        kind, node, const = typed
    elif (
        type(node) is ast.Compare
        and len(node.ops) == 1
        and type(node.ops[0]) in (ast.In, ast.NotIn)
        and type(node.left) is ast.Constant
        and type(node.left.value) is str
    ):
        kind = "param has" if type(node.ops[0]) is ast.In else "param has not"
        node, const = node.comparators[0], node.left
    elif (
        type(node) is ast.Compare
        and len(node.ops) == 1
        and type(node.ops[0]) in (ast.In, ast.NotIn)
        and type(node.left) is ast.Name
        and _constants(node.comparators[0])
    ):
        kind = "param in" if type(node.ops[0]) is ast.In else "param not in"
        node, const = node.left, node.comparators[0]
    elif type(node) is ast.Compare:
        if len(node.ops) != 1 or not _constant_or_member(node.comparators[0]):
            return None
        kind = _CMP_KINDS.get(type(node.ops[0]), "")
        node, const = node.left, node.comparators[0]
    if kind and type(node) is ast.Name:
        for p in fn.params:
            if p.name == node.id:
                return (kind, node, const) if p.kind in _VALUED else None
        if _keyword_local(fn, node.id):
            return (kind, node, const)
        alias = _param_alias(fn, node.id)
        if alias is not None:
            return (kind, ast.copy_location(ast.Name(alias, ast.Load()), node), const)
    elif kind and attributes and type(node) is ast.Attribute and type(node.value) is ast.Name:
        base = node.value.id
        own = _own_name(fn)
        if base == own or any(p.name == base and p.kind in _VALUED for p in fn.params):
            return (
                kind,
                ast.copy_location(ast.Name(f"{base}.{node.attr}", ast.Load()), node),
                const,
            )
    return None


_TYPE_KINDS = {
    ast.Is: "param type is",
    ast.Eq: "param type is",
    ast.IsNot: "param type is not",
    ast.NotEq: "param type is not",
}


def _type_test(node: ast.expr, fn: FuncDef) -> tuple[str, ast.Name, ast.expr] | None:
    """(kind, name, class) of `type(name) is C` (or `==`, `is not`, `!=`; C a name or an
    attribute, as written), or of `t is C` where the local `t` is so far bound only to
    `type(name)` (`model_type = type(model)`, then `if model_type is UserFilter:`): a
    dispatch on the exact class of what the call passes (values.py)."""
    if type(node) is not ast.Compare or len(node.ops) != 1:
        return None
    kind = _TYPE_KINDS.get(type(node.ops[0]))
    cls = node.comparators[0]
    if kind is None or type(cls) not in (ast.Name, ast.Attribute):
        return None
    left = node.left
    if type(left) is ast.Name:
        held = fn.locals.get(left.id)
        if not held or len(held) != 1 or _typed_name(held[0]) is None:
            return None
        subject = ast.copy_location(ast.Name(_typed_name(held[0]), ast.Load()), left)
        return (kind, subject, cls)
    typed = _sole_argument(left, "type")
    return (kind, typed, cls) if type(typed) is ast.Name else None


def _typed_name(ref: tuple) -> str | None:
    """`name` of the ref of `type(name)`, else None."""
    if ref[0] != "call" or ref[1] != ("name", "type") or ref[3] or len(ref[2]) != 1:
        return None
    arg = ref[2][0]
    return arg[1] if arg[0] == "name" else None


def _constants(node: ast.expr) -> bool:
    """Whether `node` is a tuple, list or set literal of constants only (`(None, "")`)."""
    if type(node) not in (ast.Tuple, ast.List, ast.Set):
        return False
    elts = node.elts  # type: ignore[attr-defined]
    return bool(elts) and all(type(e) is ast.Constant for e in elts)


def _flag_test(node: ast.expr, fn: FuncDef) -> tuple[str, ast.Name, None] | None:
    """("flag true" / "flag false", the name, None) of `FLAG` / `not FLAG`, FLAG an upper-case
    ASCII name that is not a parameter of `fn` (`if TESTING:`, `if not IS_PG:`): a switch,
    whose value the rules may know (suite_switches.py)."""
    kind = "flag true"
    if type(node) is ast.UnaryOp and type(node.op) is ast.Not:
        kind, node = "flag false", node.operand
    if type(node) is not ast.Name or not upper_case_name(node.id):
        return None
    if any(p.name == node.id for p in fn.params):
        return None
    return (kind, node, None)


def _local_test(node: ast.expr, fn: FuncDef) -> tuple[str, ast.Name, ast.expr] | None:
    """(kind, name, constant) of `name == "text"` / `name != "text"`, or `(not)
    isinstance(name, C)` (the class as written), where `name` is not a parameter of `fn` (a
    local, a loop variable): what a call passing `name` along there gives the callee
    (values.py: `for s in names: if s != "serve": restart(s)`; `if isinstance(value, dict):
    return Config(value)` never takes `Config`'s `if isinstance(config, str):` branch)."""
    if (instance := _local_instance_test(node, fn)) is not None:
        return instance
    if (
        type(node) is not ast.Compare
        or len(node.ops) != 1
        or type(node.ops[0]) not in (ast.Eq, ast.NotEq)
        or type(node.left) is not ast.Name
    ):
        return None
    const = node.comparators[0]
    if type(const) is not ast.Constant or type(const.value) is not str:
        return None
    name = node.left.id
    if any(p.name == name for p in fn.params):
        return None
    return ("local ==" if type(node.ops[0]) is ast.Eq else "local !=", node.left, const)


def _local_instance_test(node: ast.expr, fn: FuncDef) -> tuple[str, ast.Name, ast.expr] | None:
    """`(not) isinstance(name, C)` of a name that is not a parameter of `fn`."""
    kind = "local isinstance"
    if type(node) is ast.UnaryOp and type(node.op) is ast.Not:
        kind, node = "local not isinstance", node.operand
    tested = _instance_test(node)
    if tested is None or type(tested[0]) is not ast.Name:
        return None
    name, classes = tested
    if any(p.name == name.id for p in fn.params):
        return None
    return (kind, name, classes)


_NOT_BOUND = (("name", "staticmethod"), ("name", "classmethod"))


def _own_name(fn: FuncDef) -> str | None:
    """The name of the instance a method is called on (its first parameter), else None (a
    function, a staticmethod or a classmethod)."""
    if fn.class_qn is None or not fn.params or fn.params[0].kind != "pos":
        return None
    if any(ref in _NOT_BOUND for ref, _line, _col in fn.decorators):
        return None
    return fn.params[0].name


def _starts_with(node: ast.expr) -> tuple[ast.expr, ast.expr] | None:
    """(name, prefix) of `name.startswith("prefix")`: one string constant, or a tuple of
    them (`url.startswith(("http://", "https://"))`), no keywords."""
    if type(node) is not ast.Call or node.keywords or len(node.args) != 1:
        return None
    func, arg = node.func, node.args[0]
    if (
        type(func) is ast.Attribute
        and func.attr == "startswith"
        and type(func.value) is ast.Name
        and (_text(arg) or (type(arg) is ast.Tuple and arg.elts and all(map(_text, arg.elts))))
    ):
        return func.value, arg
    return None


def _text(node: ast.expr) -> bool:
    return type(node) is ast.Constant and type(node.value) is str


def _instance_test(node: ast.expr) -> tuple[ast.expr, ast.expr] | None:
    """(subject, classes) of `isinstance(subject, classes)`: two arguments, no keywords."""
    if (
        type(node) is not ast.Call
        or type(node.func) is not ast.Name
        or node.func.id != "isinstance"
        or len(node.args) != 2
        or node.keywords
    ):
        return None
    return node.args[0], node.args[1]


def _constant_or_member(node: ast.expr) -> bool:
    """A constant, `Name.MEMBER` (an enum's member, a class constant: `Event.CREATED`),
    which a call passing another member of the same name decides (values.py), an enum
    member's value (`KMS.AZURE.value`), or an upper-case name (`split != FULL`), a module's
    constant — the last two the rules may read as the constant they hold
    (named_constants.py)."""
    t = type(node)
    return (
        t is ast.Constant
        or (t is ast.Attribute and type(node.value) is ast.Name)
        or (t is ast.Name and upper_case_name(node.id))
        or (
            t is ast.Attribute
            and node.attr == "value"
            and type(node.value) is ast.Attribute
            and type(node.value.value) is ast.Name
        )
    )


def _param_alias(fn: FuncDef, name: str) -> str | None:
    """The parameter a local is so far bound to alone (`client = http_client`, then `if
    client is None: client = httpx.AsyncClient()`): a test of the local there is one of the
    parameter, which a call's argument may decide. None for another local, or a parameter
    the body rebinds."""
    values = fn.locals.get(name)
    if not values or len(values) != 1 or values[0][0] != "name":
        return None
    param = values[0][1]
    if param in fn.locals:
        return None
    valued = any(p.name == param and p.kind in _VALUED for p in fn.params)
    return param if valued else None


def _keyword_local(fn: FuncDef, name: str) -> bool:
    """Whether local `name` is so far bound only to a keyword read from the function's own
    `**kwargs` (`content_type = kwargs.pop("content_type", None)`, or `.get`): its value is
    the call's keyword or the default, which values.py can know as it knows a parameter's."""
    values = fn.locals.get(name)
    if not values:
        return False
    own = next((p.name for p in fn.params if p.kind == "kwarg"), None)
    return own is not None and all(_reads_keyword(ref, own) for ref in values)


def _reads_keyword(ref: tuple, own: str) -> bool:
    """`own.pop("key")` / `own.get("key", default)`: two positional arguments at most, the
    first a string constant."""
    if ref[0] != "call" or ref[3]:
        return False
    func, args = ref[1], ref[2]
    return (
        func[0] == "attr"
        and func[1] == ("name", own)
        and func[2] in ("pop", "get")
        and 1 <= len(args) <= 2
        and args[0][0] == "const"
        and type(args[0][1]) is str
    )


def _dump(node: ast.AST) -> str:
    """`ast.dump` without the context: the `ser` a walrus binds (`Store`) is the `ser` read
    after it (`Load`), as the native summariser's `ComparableExpr` has it."""
    return ast.dump(node).replace("ctx=Store()", "ctx=Load()").replace("ctx=Del()", "ctx=Load()")


def _is_and(node: ast.expr) -> bool:
    return type(node) is ast.BoolOp and type(node.op) is ast.And


# statements after which the rest of the block does not run
_EXITS = (ast.Return, ast.Raise, ast.Continue, ast.Break)
_LEAVES_WITH = (ast.Return, ast.Continue, ast.Break)


def exits_block(node: ast.If) -> bool:
    """`if test: …; return` (or `raise`, `continue`, `break`) with no `else`: the rest of the
    block runs only where `test` was false."""
    return not node.orelse and _ends_in_exit(node.body, _EXITS)


def ends_in_raise(body: list[ast.stmt]) -> bool:
    """Whether `body`'s last statement is a `raise`."""
    return bool(body) and type(body[-1]) is ast.Raise


def _ends_in_exit(body: list[ast.stmt], exits: tuple[type, ...]) -> bool:
    """Whether `body` ends in one of `exits`, or in a `with` whose body ends in a `return`,
    `continue` or `break` (`with open(p) as f: return f.read()`); a `raise` there may be
    swallowed by the context manager (`suppress`), so it does not count."""
    if not body:
        return False
    last = body[-1]
    if isinstance(last, (ast.With, ast.AsyncWith)):
        return _ends_in_exit(last.body, _LEAVES_WITH)
    return isinstance(last, exits)


def _done_flag(node: ast.If) -> ast.expr | None:
    """X of `if X: return` or `if X is not None: return` (no value, or `None`; no `else`), or
    of `if X and not p: return` / `if X and Y: return` (fields) / `if X or Y: return`: an
    early exit once X is set, after which the rest of the block runs while it is not."""
    if not _bare_exit(node):
        return None
    flag = node.test
    if type(flag) is ast.BoolOp and type(flag.op) is ast.And:
        first, *rest = flag.values
        if (
            not all(
                type(r) is ast.UnaryOp and type(r.op) is ast.Not and type(r.operand) is ast.Name
                for r in rest
            )
            and not _stamped(first, rest)
            and not _all_plain_fields(flag.values)
        ):
            return None
        flag = first
    elif type(flag) is ast.BoolOp:  # `if X or Y: return`: the rest runs while X is unset too
        flag = flag.values[0]
    if _is_set(flag):
        flag = flag.left  # type: ignore[attr-defined]
    t = type(flag)
    if t is ast.Name or t is ast.Attribute or t is ast.Subscript:
        return flag
    if t is ast.Call and type(flag.func) is ast.Attribute and flag.func.attr == "get":
        return flag
    return None


def _bare_exit(node: ast.If) -> bool:
    """Whether the `if` has no `else` and its body ends in `return` (no value, or `None`)."""
    if node.orelse or not node.body or type(node.body[-1]) is not ast.Return:
        return False
    value = node.body[-1].value
    return value is None or (type(value) is ast.Constant and value.value is None)


def _all_plain_fields(operands: list[ast.expr]) -> bool:
    """`if self.token and self.shop_id: return`: each operand a name or an attribute of
    one (what the rest of the block fills, together; whether it does is the rules' call)."""
    return all(
        type(o) is ast.Name or (type(o) is ast.Attribute and type(o.value) is ast.Name)
        for o in operands
    )


def _stamped(first: ast.expr, rest: list[ast.expr]) -> bool:
    """`if _cache["data"] is not None and time.time() - _cache["ts"] < ttl: return`: the
    other operands test the flag, or the container holding it, against something (its age),
    and none is a switch of its own."""
    held = first.left if _is_set(first) else first  # type: ignore[attr-defined]
    kept = [held, held.value] if type(held) is ast.Subscript else [held]
    return _mentioned(kept, rest) and not any(_other_switch(operand, held) for operand in rest)


def _mentioned(kept: list[ast.expr], operands: list[ast.expr]) -> bool:
    """Whether one of `kept` appears in one of `operands`."""
    dumps = {_dump(k) for k in kept}
    return any(_dump(node) in dumps for operand in operands for node in ast.walk(operand))


def final_return(body: list[ast.stmt]) -> ast.Return | None:
    """The `return` that ends `body`: its last statement, or the last of the `try` that ends
    it (`try: client.ping(); return client` / `except …: client = None`: the held value is
    checked before it is handed back, and the rest of the block replaces it when the check
    fails)."""
    last = body[-1] if body else None
    if type(last) in (ast.Try, ast.TryStar) and last.body:  # type: ignore[union-attr]
        last = last.body[-1]  # type: ignore[union-attr]
    return last if type(last) is ast.Return else None


def _cached_subject(node: ast.If, before: list[ast.stmt] | None = None) -> ast.expr | None:
    """X of `if X is not <const>: return …` / `if key in X: return …` / `if X: return …`
    (also with `and` tests after it, when X itself is returned): an early return, after which the rest of the
    block runs only when X holds nothing (or a value the other tests reject). `before`: the
    statements of the block before the `if`, where a name another operand tests may be
    assigned (`age = time.time() - _cache["ts"]`, then `if _cache["ts"] > 0 and age < ttl:`)."""
    return _cached_of(_operands(node.test), node.body, before or [])


def cached_return(node: ast.If, before: list[ast.stmt]) -> tuple[ast.expr, ast.Return] | None:
    """(X, the `return`) of an early return of a held value (`_cached_subject`), also of
    `if X:` holding only `if isinstance(X, T): return X` (neither with an `else`): `if X and
    isinstance(X, T): return X` written as two tests."""
    subject = _cached_subject(node, before)
    if subject is not None:
        return subject, final_return(node.body)  # type: ignore[return-value]
    inner = node.body[0] if len(node.body) == 1 and not node.orelse else None
    if type(inner) is not ast.If or inner.orelse:
        return None
    subject = _cached_of([*_operands(node.test), *_operands(inner.test)], inner.body, before)
    ret = final_return(inner.body)
    return (subject, ret) if subject is not None and ret is not None else None


def _operands(test: ast.expr) -> list[ast.expr]:
    """The operands of an `and` test, or the test alone."""
    if type(test) is ast.BoolOp and type(test.op) is ast.And:
        return list(test.values)
    return [test]


def _cached_of(
    operands: list[ast.expr], body: list[ast.stmt], before: list[ast.stmt]
) -> ast.expr | None:
    """`_cached_subject` of the tests `operands`, all true for `body` to run."""
    ret = final_return(body)
    if ret is None:
        return None
    value = ret.value
    if value is None or (type(value) is ast.Constant and value.value is None):
        return None  # a bare exit: `_done_flag`
    if len(operands) > 1:
        # `if s is not None and not s.closed: return s`, `… and now - s_at < ttl:`: the
        # rest runs on a miss, or to replace a held value the other operands reject
        # (what is returned is the held value, a copy or an item of it: `return {**_cache,
        # "hit": True}`) —
        # not when another operand is a switch of its own (`if s is not None and custom:`:
        # the rest runs on every call while `custom` is false)
        subject = _held(operands[0]) or _stamp_set(operands[0])
        rest = operands[1:]
        read = [*rest, *_assigned_to_names_in(rest, before)]
        if (
            subject is not None
            and (
                _returns_held(value, subject)
                or _field_of_kept(value, subject)
                or _kept_beside(value, subject, read)
            )
            and not any(_other_switch(operand, subject) for operand in rest)
        ):
            return subject
        return None
    return _held(operands[0])


def _stamp_set(operand: ast.expr) -> ast.expr | None:
    """X of `X > 0` (a number): a time stamp that is set, the first test of an expiring
    cache's early return (`if _cache["ts"] > 0 and now - _cache["ts"] < ttl: return …`)."""
    if type(operand) is not ast.Compare or len(operand.ops) != 1:
        return None
    right = operand.comparators[0]
    if type(operand.ops[0]) is not ast.Gt or type(right) is not ast.Constant:
        return None
    number = type(right.value) in (int, float)
    return operand.left if number and type(operand.left) in _HELD_FORMS else None


_HELD_FORMS = (ast.Name, ast.Attribute, ast.Subscript)


def _assigned_to_names_in(operands: list[ast.expr], before: list[ast.stmt]) -> list[ast.expr]:
    """The values the statements `before` last assign to the names the operands read
    (`time.time() - _cache["ts"]` for `age < ttl` after `age = time.time() - _cache["ts"]`)."""
    names = {n.id for o in operands for n in ast.walk(o) if type(n) is ast.Name}
    values: dict[str, ast.expr] = {}
    for stmt in before:
        if type(stmt) is ast.Assign and len(stmt.targets) == 1:  # type: ignore[attr-defined]
            target = stmt.targets[0]  # type: ignore[attr-defined]
            if type(target) is ast.Name and target.id in names:
                values[target.id] = stmt.value  # type: ignore[attr-defined]
    return list(values.values())


def missed_lookup(node: ast.stmt) -> ast.Subscript | None:
    """`X[key]` of `try: return X[key]` / `except KeyError: pass` (any handler that lets the
    block go on; no `else`): what follows the `try` runs only when the lookup failed, on a
    cache miss, as after `if key in X: return X[key]`."""
    if type(node) is not ast.Try or node.orelse or len(node.body) != 1:  # type: ignore[attr-defined]
        return None
    ret = node.body[0]  # type: ignore[attr-defined]
    if type(ret) is not ast.Return or type(ret.value) is not ast.Subscript:
        return None
    handlers = node.handlers  # type: ignore[attr-defined]
    if all(h.body and isinstance(h.body[-1], _EXITS) for h in handlers):
        return None
    return ret.value


def _kept_beside(value: ast.expr, subject: ast.expr, rest: list[ast.expr]) -> bool:
    """`if self._checked_at and now - self._checked_at < ttl: return self._cache`: a stamp
    another operand tests, returning what is kept beside it (an attribute of the same
    object, or another plain name); whether the function fills both is the rules' call."""
    return _beside(value, subject) and _mentioned([subject], rest)


def _field_of_kept(value: ast.expr, subject: ast.expr) -> bool:
    """`self._jwks_cache.value` of `if self._jwks_cache and self._jwks_cache.expires_at >
    now: return self._jwks_cache.value`: a field of a cache entry kept in an attribute (not
    of a name, which may be a local looked up in a table some other code fills)."""
    return (
        type(value) is ast.Attribute
        and type(subject) is ast.Attribute
        and _dump(value.value) == _dump(subject)  # type: ignore[attr-defined]
    )


def _beside(value: ast.expr, subject: ast.expr) -> bool:
    """Whether `value` is kept beside `subject`: an attribute of the same object, an item of
    the same container (`_cache["latest"]` beside `_cache["ts"]`), another plain name, or a
    tuple of such."""
    if type(value) is ast.Tuple:
        return bool(value.elts) and all(_beside(item, subject) for item in value.elts)  # type: ignore[attr-defined]
    if type(value) is type(subject) and type(value) in (ast.Attribute, ast.Subscript):
        return _dump(value.value) == _dump(subject.value)  # type: ignore[attr-defined]
    return type(value) is ast.Name and type(subject) is ast.Name


def _returns_held(value: ast.expr, subject: ast.expr) -> bool:
    """Whether an early return hands back the held value: itself, a copy (`{**cache, "hit":
    True}`, `cache.copy()`, `copy.deepcopy(cache)`, `dict(cache)`) or an item of it
    (`cache[key]`, `cache[key][0]`). A value built from it (`Client(auth=auth)`) is a new
    one."""
    held = _dump(subject)
    if _dump(value) == held:
        return True
    if isinstance(value, ast.Dict):
        pairs = zip(value.keys, value.values, strict=True)
        return any(k is None and _dump(v) == held for k, v in pairs)
    if isinstance(value, ast.Subscript):
        return _item_of(value, held)
    if not isinstance(value, ast.Call) or value.keywords:
        return False
    func = value.func
    if isinstance(func, ast.Attribute) and func.attr == "copy" and not value.args:
        return _dump(func.value) == held
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return name in _COPIES and len(value.args) == 1 and _dump(value.args[0]) == held


# the calls that copy what they are given
_COPIES = frozenset({"deepcopy", "copy", "dict", "list"})


def _item_of(value: ast.Subscript, held: str) -> bool:
    """Whether `value` is an item of the held value, or an item of such an item."""
    base = value.value
    while _dump(base) != held:
        if not isinstance(base, ast.Subscript):
            return False
        base = base.value
    return True


def returned_source(value: ast.expr) -> ast.expr:
    """What an early return hands back, as the memo rule reads it: a comprehension over a
    held value (`return [dict(r) for r in cached]`) returns what it iterates, reshaped."""
    if type(value) in (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp):
        return value.generators[0].iter  # type: ignore[attr-defined]
    return value


def _other_switch(operand: ast.expr, subject: ast.expr) -> bool:
    """`flag` / `not flag` / `obj.flag` that does not read `subject`: a switch beside the
    held value, not a test of it."""
    if type(operand) is ast.UnaryOp and type(operand.op) is ast.Not:
        operand = operand.operand
    if type(operand) not in (ast.Name, ast.Attribute):
        return False
    held = _dump(subject)
    return not any(_dump(node) == held for node in ast.walk(operand) if type(node) is type(subject))


def _held(test: ast.expr) -> ast.expr | None:
    """X of a test that X holds something: `X is not <const>`, `key in X`, `X`, or
    `hasattr(x, "a")` (the call itself: which attribute it reads is the rules' concern)."""
    t = type(test)
    if t is ast.Call:
        return test if _is_hasattr(test) else None
    if t is ast.Compare:
        op = type(test.ops[0])
        if op is ast.IsNot and type(test.comparators[0]) is ast.Constant:
            return _named_target(test.left)
        if op is ast.In:
            return test.comparators[0]
        return None
    if t in (ast.Name, ast.Attribute, ast.Subscript):
        return test
    if t is ast.NamedExpr:
        return _named_target(test)
    return None


def _named_target(node: ast.expr) -> ast.expr:
    """The name a walrus binds (`(hit := cache.get(k)) is not None` holds `hit`), else
    `node`."""
    if type(node) is ast.NamedExpr and type(node.target) is ast.Name:
        return node.target
    return node


def _is_hasattr(call: ast.Call) -> bool:
    args = call.args
    return (
        type(call.func) is ast.Name
        and call.func.id == "hasattr"
        and len(args) == 2
        and not call.keywords
        and type(args[1]) is ast.Constant
        and type(args[1].value) is str
    )


_VIEWS = frozenset({"items", "keys", "values"})


class GuardRecorder:
    """The summariser's part that records guards (summarize._Summarizer mixes it in)."""

    # `not (a and b)` facts of the blocks being walked: (function, a, b), each a parameter
    # test as (kind, name, constant's ref, name's ref) — see `push_nand`
    nands: list[tuple[FuncDef, tuple, tuple]]
    # (function qn, local) → the "X is unset" tests bound to it once (see `hold_test`)
    tests_held: dict[tuple[str, str], list[tuple[str, Ref, Ref | None]] | None]

    def ref(self, node: ast.AST | None, fn: FuncDef, depth: int = 0) -> Ref:
        raise NotImplementedError  # the summariser's

    def expr(self, node: ast.expr, fn: FuncDef, guard: int, awaited: bool = False) -> None:
        raise NotImplementedError  # the summariser's

    def walk(self, node: ast.expr, fn: FuncDef, guard: int, awaited: bool = False) -> None:
        raise NotImplementedError  # the summariser's

    def add_guard(
        self,
        fn: FuncDef,
        kind: str,
        subject: ast.expr | None,
        outer: int,
        returned: Ref | None = None,
    ) -> int:
        fn.guards.append(Guard(kind, self.ref(subject, fn), outer, returned))
        return len(fn.guards) - 1

    def if_guard(
        self, test: ast.expr, fn: FuncDef, outer: int, keyed: ast.expr | None = None
    ) -> int:
        if type(test) is ast.Name:  # `if reload:` with `reload = _config is None or …`
            for kind, subject_ref, returned in self.tests_held.get((fn.qn, test.id)) or ():
                fn.guards.append(Guard(kind, subject_ref, outer, returned))
                outer = len(fn.guards) - 1
            return outer
        for kind, subject, key in _guard_subjects(test, fn, keyed):
            returned = None if key is None else compare_ref(partial(self.ref, fn=fn), key)
            outer = self.add_guard(fn, kind, subject, outer, returned)
        return outer

    def hold_test(self, name: str, value: ast.expr | None, fn: FuncDef) -> None:
        """Keep the "X is unset" tests of a local bound to a test (`reload = _config is None
        or stale`), for an `if reload:` later; a binding after that forgets them."""
        key = (fn.qn, name)
        if key in self.tests_held:
            self.tests_held[key] = None
            return
        if type(value) not in (ast.BoolOp, ast.Compare, ast.UnaryOp):
            return  # (most bindings: nothing kept)
        self.tests_held[key] = [
            (
                kind,
                self.ref(subject, fn),
                None if key_ is None else compare_ref(partial(self.ref, fn=fn), key_),
            )
            for kind, subject, key_ in _guard_subjects(value, fn)
        ]

    def if_test(
        self, test: ast.expr, fn: FuncDef, guard: int, keyed: ast.expr | None = None
    ) -> int:
        """Walk an `if` test and record the tests its body runs under (the guard it
        returns): the body of `a and b` runs when each holds (of `a or b`: unknown).
        `keyed`: the operand `_changed` reads as a one-entry cache's key test."""
        facts = self.walk_operands(test, fn, guard)
        inner = self.if_guard(test, fn, guard, keyed)
        if not (type(test) is ast.BoolOp and type(test.op) is ast.Or):
            operands = test.values if type(test) is ast.BoolOp else [test]  # type: ignore[attr-defined]
            for node, fact in zip(operands, facts, strict=True):
                fact = fact or _local_test(node, fn) or _flag_test(node, fn)
                if fact is not None:
                    kind, name, const = fact
                    inner = self.add_param_guard(fn, kind, name, const, inner)
        return inner

    def walk_operands(self, test: ast.expr, fn: FuncDef, guard: int) -> list:
        """Walk a test, or a value (`store = store or Store()`), and give its operands'
        parameter tests. An operand of `and`/`or` runs only when the ones before it let it
        (`if not force and dest.exists():` — `exists()` runs when `not force`; `Store()`
        when `not store`): such operands are walked one by one, last first (the order one
        walk of the expression gives), each under the parameter tests before it."""
        is_bool = type(test) is ast.BoolOp
        operands = test.values if is_bool else [test]  # type: ignore[attr-defined]
        is_or = is_bool and type(test.op) is ast.Or  # type: ignore[attr-defined]
        facts = [_param_test(node, fn) for node in operands]
        if is_bool and any(fact is not None for fact in facts[:-1]):
            under = []
            g = guard
            last = len(operands) - 1
            for i, fact in enumerate(facts):
                under.append(g)
                if fact is not None and i < last:
                    kind, name, const = fact
                    g = self.add_param_guard(fn, _NEGATED[kind] if is_or else kind, name, const, g)
            for i in range(len(operands) - 1, -1, -1):
                self.expr(operands[i], fn, under[i])
        else:
            self.walk(test, fn, guard)
        return facts

    def else_guard(self, test: ast.expr, fn: FuncDef, guard: int, orelse: list[ast.stmt]) -> int:
        """The tests an `else`/`elif` runs under: the `if` test was false, so a held value
        missed (`_missed`), and for `p` or `a or b` each parameter operand is false (for
        `a and b`: unknown which)."""
        missed = _missed(test, orelse)
        if missed is not None:
            kind, subject, key = missed
            returned = None if key is None else self.ref(key, fn)
            guard = self.add_guard(fn, kind, subject, guard, returned)
        elif asks_for_a_file(test):  # (as the body of `if not os.path.exists(p):`)
            guard = self.add_guard(fn, "not", test, guard)
        else:
            unset = _unset_name(test, fn)
            if unset is not None:
                guard = self.add_guard(fn, "unset", unset, guard)
        return self.negation_guard(test, fn, guard)

    def negation_guard(self, test: ast.expr, fn: FuncDef, guard: int) -> int:
        """The parameter tests that hold where `test` was false — in an `else`, or after an
        `if` whose body always leaves the block (`if not p: return`): for `p` or `a or b`
        each parameter operand negated, for `not (a and b)` each as written (for `a and b`:
        unknown which)."""
        negate = True
        if type(test) is ast.UnaryOp and type(test.op) is ast.Not and _is_and(test.operand):
            operands, negate = test.operand.values, False  # type: ignore[attr-defined]
        elif type(test) is ast.BoolOp:
            if type(test.op) is not ast.Or:
                return guard
            operands = test.values
        else:
            operands = [test]
        for node in operands:
            fact = _param_test(node, fn) or _local_test(node, fn) or _flag_test(node, fn)
            if fact is not None:
                kind, name, const = fact
                kind = _NEGATED[kind] if negate else kind
                guard = self.add_param_guard(fn, kind, name, const, guard)
        return guard

    def add_param_guard(
        self, fn: FuncDef, kind: str, name: ast.Name, const: ast.expr | None, outer: int
    ) -> int:
        returned = None if const is None else self.ref(const, fn)
        guard = self.add_guard(fn, kind, name, outer, returned)
        for owner, first, second in self.nands:
            if owner is fn:
                for this, other in ((first, second), (second, first)):
                    if _implies((kind, name.id, returned), this[:3]):
                        # `not (a and b)` where `a` holds: `b` does not
                        other_kind, _, other_returned, subject = other
                        fn.guards.append(
                            Guard(_NEGATED[other_kind], subject, guard, other_returned)
                        )
                        guard = len(fn.guards) - 1
        return guard

    def loop_guard(self, iterated: ast.expr, fn: FuncDef, guard: int) -> int:
        """A loop over a parameter (`for k, v in renames.items():`) runs its body only when
        the parameter holds something: for a call that leaves `renames={}`, never."""
        node = iterated
        if (
            type(node) is ast.Call
            and type(node.func) is ast.Attribute
            and node.func.attr in _VIEWS
            and not node.args
            and not node.keywords
        ):
            node = node.func.value
        fact = _param_test(node, fn) if type(node) is ast.Name else None
        if fact is None:
            return guard
        kind, name, const = fact
        return self.add_param_guard(fn, kind, name, const, guard)

    def push_nand(self, test: ast.expr, fn: FuncDef) -> None:
        """After `if a and b: return` (`a`, `b` parameter tests) the rest of the block runs
        where not both hold: kept while that rest is walked, so that a test of `a` there
        also records that `b` is false (`if not email and not user_id: return` … `if
        email: … else:` — the `else` runs only with a `user_id`)."""
        if not _is_and(test) or len(test.values) != 2:  # type: ignore[attr-defined]
            return
        facts = [_param_test(node, fn) for node in test.values]  # type: ignore[attr-defined]
        if facts[0] is None or facts[1] is None:
            return
        operands = tuple(
            (kind, name.id, None if const is None else self.ref(const, fn), self.ref(name, fn))
            for kind, name, const in facts  # type: ignore[misc]
        )
        self.nands.append((fn, *operands))


def _implies(fact: tuple, operand: tuple) -> bool:
    """Whether a parameter test that holds makes `operand` hold (`p is None` makes `not p`)."""
    if fact == operand:
        return True
    kind, name, returned = fact
    return (
        kind == "param is"
        and returned == ("const", None)
        and operand == ("param false", name, None)
    )
