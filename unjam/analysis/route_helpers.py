"""Route decorators that a project helper returns:

    def operation(app, path, name, **kwargs):
        return app.post(path, operation_id=name, **kwargs)

    @operation(service, "/infer", "infer")
    async def infer(payload): ...

The decorator is read as the call the helper returns, with each of the helper's parameters
replaced by what the decorator passes it: `service.post("/infer", operation_id="infer")`,
written where the decorator is. A name of the helper's own (`shared.get(path)`, a router of
its module) is kept only when it means the same in the decorator's scope; a keyword whose
value names anything else is left out, and without its router or path the decorator is
not read as a route at all.
"""

from __future__ import annotations

from unjam.analysis.fastapi_records import _DECORATORS
from unjam.analysis.project import Func, Project

_Ref = tuple


def helper_route_decorator(p: Project, scope: Func, decorator: _Ref) -> _Ref | None:
    """The route decorator call (`owner.<method>(...)`, one of `_DECORATORS`) that the
    decorator `helper(...)`, written in `scope`, stands for; None when it is not a call of
    a project function that returns one."""
    if decorator[0] != "call" or (decorator[1][0] == "attr" and decorator[1][2] in _DECORATORS):
        return None
    value = p.value_of(scope, decorator[1])
    helper = p.funcs.get(value[1]) if value is not None and value[0] == "func" else None
    if helper is None or helper.fd.is_async or helper.fd.class_qn is not None:
        return None
    returned = _returned_route_call(helper)
    if returned is None:
        return None
    bound = _bound(helper, decorator)
    if bound is None:
        return None
    same = _means_the_same(p, helper, scope, returned, bound)
    owner = _substituted(returned[1][1], bound, same)
    args = [_substituted(arg, bound, same) for arg in returned[2]]
    if owner is None or None in args:
        return None
    kwargs: list[tuple] = []
    for key, ref in returned[3]:
        if key is None and ref[0] == "name" and ref[1] == _kind_name(helper, "kwarg"):
            kwargs.extend(bound.get("**", ()))  # (what `**kwargs` gathered, passed on)
            continue
        kept = _substituted(ref, bound, same)
        if kept is not None:
            kwargs.append((key, kept))
    return ("call", ("attr", owner, returned[1][2]), tuple(args), tuple(kwargs))


def _returned_route_call(helper: Func) -> _Ref | None:
    """The one value the helper returns, when it is a route decorator call."""
    if len(helper.fd.return_values) != 1:
        return None
    ref = helper.fd.return_values[0]
    if ref[0] != "call" or ref[1][0] != "attr" or ref[1][2] not in _DECORATORS:
        return None
    return ref


def _kind_name(helper: Func, kind: str) -> str | None:
    return next((q.name for q in helper.fd.params if q.kind == kind), None)


def _bound(helper: Func, decorator: _Ref) -> dict | None:
    """The helper's parameter → the caller's argument for it (or the parameter's default;
    "**" → the keywords no parameter takes); None for a call unjam cannot bind (a `*args`
    spread, a parameter the helper rebinds, too many positional arguments)."""
    fd = helper.fd
    positional = [q for q in fd.params if q.kind == "pos"]
    args, kwargs = decorator[2], decorator[3]
    if len(args) > len(positional) or any(a[0] == "star" for a in args):
        return None
    bound: dict = {q.name: arg for q, arg in zip(positional, args, strict=False)}
    named = {q.name for q in fd.params if q.kind in ("pos", "kwonly")}
    extra = []
    for key, ref in kwargs:
        if key in named and key not in bound:
            bound[key] = ref
        elif key is not None and _kind_name(helper, "kwarg") is not None:
            extra.append((key, ref))
        else:
            return None
    bound["**"] = tuple(extra)
    for q in fd.params:
        if q.name in fd.locals:
            return None
        if q.name not in bound and q.kind in ("pos", "kwonly"):
            if q.default is None or q.default[0] != "const":
                return None
            bound[q.name] = q.default
    return bound


def _means_the_same(p: Project, helper: Func, scope: Func, ref: _Ref, bound: dict) -> set[str]:
    """The helper's own names in `ref` (not its parameters) that the decorator's scope
    resolves to the same thing."""
    names = _names(ref) - bound.keys()
    same = set()
    for name in names:
        theirs = p.value_of(helper, ("name", name))
        if theirs is not None and theirs == p.value_of(scope, ("name", name)):
            same.add(name)
    return same


def _names(ref: object) -> set[str]:
    if type(ref) is not tuple:
        return set()
    if len(ref) == 2 and ref[0] == "name" and type(ref[1]) is str:
        return {ref[1]}
    out: set[str] = set()
    for part in ref:
        out |= _names(part)
    return out


def _substituted(ref: object, bound: dict, same: set[str]) -> object:
    """`ref` with the helper's parameters replaced by their arguments; None when it holds a
    name of the helper's that the caller's scope does not share."""
    if type(ref) is not tuple:
        return ref
    if len(ref) == 2 and ref[0] == "name" and type(ref[1]) is str:
        if ref[1] in bound:
            return bound[ref[1]]
        return ref if ref[1] in same else None
    parts = []
    for part in ref:
        kept = _substituted(part, bound, same)
        if kept is None and part is not None:
            return None
        parts.append(kept)
    return tuple(parts)
