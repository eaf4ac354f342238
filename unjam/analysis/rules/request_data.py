"""Whether a client built on a request path is configured from what the request itself sends.

UJ003's usual fix — build the client once and share it — is wrong for a client whose URL,
host or credentials come from the request (an endpoint that tests a connection with the
settings the user typed): there is no single client to build. Such a construction is still
per-request work, so it is reported, with a fix that fits: reuse clients across requests that
send the same settings, or pass per-call data to a shared client.

The test follows the reported chain only, hop by hop: the entry's request inputs (parameters
FastAPI fills from the path, query or body — not dependencies, not the `Request` object),
the locals computed from them (or mutated with them: `kwargs.update(settings)`), the callee
parameters they are passed to (`**settings` reaches every parameter), down to the arguments
of the construction itself. It is deliberately shallow: values kept on `self`, in containers
filled key by key, or read back from elsewhere end the trail, and the usual fix stays.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from unjam.analysis.summary import CallSite, FuncDef, Param

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


def request_inputs(
    funcs: dict,
    steps: list[tuple[str, int]],
    col: int,
    injected: Callable[[Any, Param], bool],
) -> tuple[str, ...]:
    """The entry's request inputs that reach the arguments of the construction at the last
    step (`col` is its column), or () when none is seen to. `funcs` maps a function's
    global name to its project function (with `.fd`); `steps` is the chain, entry first;
    `injected(func, param)`: whether FastAPI fills the parameter from a dependency, also
    through an alias (`ConfigDep = Annotated[Config, Depends(get_config)]`)."""
    first = funcs.get(steps[0][0])
    if first is None:
        return ()
    inputs = [p.name for p in first.fd.params if _from_request(p) and not injected(first, p)]
    tainted = set(inputs)
    for i, (gqn, line) in enumerate(steps):
        func = funcs.get(gqn)
        if func is None or not tainted:
            return ()
        fd: FuncDef = func.fd
        tainted = _spread(fd, tainted)
        sites = [c for c in fd.calls if c.line == line]
        if i == len(steps) - 1:
            last = [c for c in sites if c.col == col] or sites
            return tuple(inputs) if any(_passes(c, tainted) for c in last) else ()
        callee = funcs.get(steps[i + 1][0])
        if callee is None:
            return ()
        tainted = _received(callee.fd, [c for c in sites if _passes(c, tainted)], tainted)
    return ()


def _from_request(param) -> bool:
    if param.name in ("self", "cls") or param.kind in ("vararg", "kwarg"):
        return False
    for ref in (param.default, param.annotation):
        if ref is not None and _names(ref) & (_INJECTED | _FRAMEWORK_TYPES):
            return False
    return True


def _spread(fd: FuncDef, tainted: set[str]) -> set[str]:
    """`tainted` plus the locals computed from it or mutated with it, to a fixpoint."""
    tainted = set(tainted)
    changed = True
    while changed:
        changed = False
        for name, values in fd.locals.items():
            if name not in tainted and any(_names(v) & tainted for v in values):
                tainted.add(name)
                changed = True
        for call in fd.calls:
            func = call.func
            mutated = func[0] == "attr" and func[1][0] == "name" and func[1][1] not in tainted
            if mutated and _passes(call, tainted):  # `kwargs.update(settings)`
                tainted.add(func[1][1])
                changed = True
    return tainted


def _passes(call: CallSite, tainted: set[str]) -> bool:
    return any(_names(a) & tainted for a in call.args) or any(
        _names(v) & tainted for _, v in call.kwargs
    )


def _received(callee: FuncDef, calls: list[CallSite], tainted: set[str]) -> set[str]:
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
            if not _names(arg) & tainted:
                continue
            if arg[0] == "star":
                out.update(p.name for p in positional)
                out.update(rest)
            elif k < len(positional):
                out.add(positional[k].name)
            else:
                out.update(rest)
        for key, value in call.kwargs:
            if not _names(value) & tainted:
                continue
            if key is None:  # `**settings`: any parameter may receive it
                out.update(by_name)
                out.update(rest)
            elif key in by_name:
                out.add(key)
            else:
                out.update(rest)
    return out


@lru_cache(maxsize=1 << 16)
def _names(ref: tuple) -> frozenset[str]:
    """Every bare name a ref reads (`Cache(**s)` reads `Cache` and `s`); refs are shared
    tuples, and the fixpoint in `_spread` asks about the same ones again and again."""
    found: set[str] = set()
    stack = [ref]
    while stack:
        item = stack.pop()
        if len(item) == 2 and item[0] == "name" and type(item[1]) is str:
            found.add(item[1])
            continue
        stack.extend(part for part in item if type(part) is tuple)
    return frozenset(found)
