"""A function's parameters that every call of it gives the same constant: `def
init_db(force=True)` that no caller passes `force` to gives `True` to `migrate(force=force)`,
so the branch `migrate` takes when `force` is false never runs from there (values.py).

Only when all the calls are known: every call site whose name matches resolves (to this
function or to another), none spreads `*args`/`**kwargs`, and the function's name is never
used as a value anywhere in the project (`Depends(init_db)`, a callback, a route, an alias:
then something else may call it with anything). Dunder methods, decorated and redefined
functions are left out. (A name the summary does not keep — in a comprehension, past a long
literal's first items — is not seen; what calls the function through it is then not
counted, which can only hide a branch, never report one.)"""

from __future__ import annotations

from collections.abc import Mapping

from unjam.analysis.project import Func, Project
from unjam.analysis.summary import CallSite, FuncDef
from unjam.analysis.values import shared_constants

_NOTHING: Mapping[str, object] = {}


class PassedConstants:
    def __init__(self, project: Project):
        self.project = project
        self._known: dict[str, Mapping[str, object]] = {}  # gqn → of()
        self._used: set[str] | None = None  # names used as values (not only called)

    def of(self, func: Func) -> Mapping[str, object]:
        """Parameter → the constant every call of `func` gives it."""
        known = self._known.get(func.gqn)
        if known is None:
            known = self._known[func.gqn] = self._find(func) or _NOTHING
        return known

    def _find(self, func: Func) -> dict[str, object]:
        fd = func.fd
        p = self.project
        if (
            not fd.params
            or fd.is_lambda
            or fd.qn == "<module>"
            or fd.name.startswith("__")
            or func.gqn in p.variants
            or "#" in func.gqn
        ):
            return {}
        sites: list[tuple[FuncDef, CallSite]] = []
        for caller, site in p.sites_named(fd.name):
            callee = p.callee(caller, site.func)
            if callee is None:
                return {}  # a call that may be this function's, with any arguments
            if callee[1] == func.gqn:
                sites.append((caller.fd, site))
        shared = shared_constants(sites, fd) if sites else {}
        if shared and fd.name in self._used_names():  # (the costlier question last)
            return {}
        return shared

    def _used_names(self) -> set[str]:
        used = self._used
        if used is None:
            used = self._used = set()
            p = self.project
            for func in p.funcs.values():
                _names_used_in(func.fd, used)
            for mod in p.modules.values():  # module-level assignments (and `global` ones)
                for assigned in mod.summary.global_values.values():
                    _names_in([value for _scope, value in assigned], used)
            for cls in p.classes.values():
                cd = cls.cd
                _names_in([*cd.bases, *(d[0] for d in cd.decorators)], used, True)
                for values in cd.attrs.values():
                    _names_in(values, used, True)
        return used


def _names_used_in(fd: FuncDef, out: set[str]) -> None:
    """The names `fd` uses other than by calling them (`f(...)`, `obj.f(...)`)."""
    refs: list = []
    add, extend = refs.append, refs.extend
    for site in fd.calls:
        func = site.func
        if func[0] == "attr":
            add(func[1])
        elif func[0] != "name":
            add(func)
        extend(site.args)
        for _, value in site.kwargs:
            add(value)
    for values in fd.locals.values():
        extend(values)
    extend(fd.return_values)
    extend(fd.yield_values)
    for decorator in fd.decorators:
        add(decorator[0])
    for base, _attr, value in fd.attr_stores:
        add(base)
        add(value)
    _names_in(refs, out)
    # defaults and annotations are no call sites: `Depends(get_db)` is looked into there
    deep = [q.default for q in fd.params if q.default is not None]
    deep += [q.annotation for q in fd.params if q.annotation is not None]
    if deep:
        _names_in(deep, out, True)


_HOLDERS = frozenset(("list", "dict", "ifexp", "boolop"))  # refs a value passes through


def _names_in(refs, out: set[str], into_calls: bool = False) -> None:
    """The names `refs` hand on as values: a name, an attribute's name (`self.on_event`),
    and what a literal or a conditional holds (`{"sync": sync}`, `a if x else b`) — not
    the base of an attribute or a subscript, nor an operand: those are read, not passed
    on. A call inside them is looked into only `into_calls`: elsewhere every call is a
    call site of the scope that evaluates it, read there. (This runs over every ref of the
    project: every item pushed is a non-empty tuple.)"""
    stack: list[tuple] = [ref for ref in refs if ref]
    while stack:
        ref: tuple = stack.pop()
        tag = ref[0]
        if tag == "name":
            out.add(ref[1])
        elif tag == "attr":
            out.add(ref[2])
        elif tag == "call":
            if into_calls:
                stack.extend(ref[2])
                for _, value in ref[3]:
                    stack.append(value)
        elif type(tag) is not str:  # a tuple of refs: items, or (key, value) pairs
            stack.extend(item for item in ref if type(item) is tuple and item)
        elif tag in _HOLDERS:
            for item in ref[1:]:
                if type(item) is tuple and item:
                    stack.append(item)
