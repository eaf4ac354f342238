"""A function's parameters that every call of it gives the same constant: `def
init_db(force=True)` that no caller passes `force` to gives `True` to `migrate(force=force)`,
so the branch `migrate` takes when `force` is false never runs from there (values.py).

Only when all the calls are known: every call site whose name matches resolves (to this
function or to another), none spreads `*args`/`**kwargs`, and the function's name is never
used as a value anywhere in the project (`Depends(init_db)`, a callback, a route, an alias:
then something else may call it with anything: the summaries' `value_names`). Dunder
methods and redefined functions are left out, and decorated ones but for decorators that
hand the arguments through (transparent.py). The same calls say what a function's own
`**kwargs` holds (`forwarded`), for the calls that spread it along."""

from __future__ import annotations

from collections.abc import Mapping

from unjam.analysis.project import Func, Project
from unjam.analysis.summary import CallSite, FuncDef
from unjam.analysis.transparent import TransparentDecorators
from unjam.analysis.values import Forwarded, called_plainly, same_value, shared_constants

_NOTHING: Mapping[str, object] = {}


class PassedConstants:
    def __init__(self, project: Project, decorators: TransparentDecorators):
        self.project = project
        self.decorators = decorators
        self._known: dict[str, Mapping[str, object]] = {}  # gqn → of()
        self._forwarded: dict[str, Forwarded | None] = {}  # gqn → forwarded()

    def of(self, func: Func) -> Mapping[str, object]:
        """Parameter → the constant every call of `func` gives it."""
        known = self._known.get(func.gqn)
        if known is None:
            sites = self._calls(func)
            shared = (
                shared_constants(sites, func.fd, self.decorators.all_transparent(func))
                if sites
                else None
            )
            known = self._known[func.gqn] = shared or _NOTHING
        return known

    def forwarded(self, func: Func) -> Forwarded | None:
        """What `func`'s `**kwargs` holds on every call of it, when all are known and none
        spreads arguments of its own."""
        if func.gqn in self._forwarded:
            return self._forwarded[func.gqn]
        found = None
        sites = self._calls(func)
        if sites:
            found = _forwarded_keywords(sites, func.fd, self.decorators.all_transparent(func))
        self._forwarded[func.gqn] = found
        return found

    def _calls(self, func: Func) -> list[tuple[FuncDef, CallSite]]:
        """Every call of `func` in the project with its caller, or none when some call may
        not be seen (see the module docstring)."""
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
            return []
        sites: list[tuple[FuncDef, CallSite]] = []
        for caller, site in p.sites_named(fd.name):
            callee = p.callee(caller, site.func)
            if callee is None:
                return []  # a call that may be this function's, with any arguments
            if callee[1] == func.gqn:
                sites.append((caller.fd, site))
        if sites and fd.name in self.project.used_names():
            return []
        return sites


def _forwarded_keywords(
    sites: list[tuple[FuncDef, CallSite]], callee: FuncDef, transparent: bool
) -> Forwarded | None:
    """The keywords beyond the callee's own parameters that `sites` (all its calls) pass:
    those all of them pass as one constant, and all the names; none when a site spreads
    arguments or may bind others (values.called_plainly)."""
    named = {q.name for q in callee.params}
    constants: dict[str, object] | None = None
    names: set[str] = set()
    for caller, site in sites:
        if not called_plainly(caller, site, callee, transparent=transparent):
            return None
        if any(name is None for name, _ in site.kwargs):
            return None  # a `**spread`: any keyword
        extra: dict[str, object] = {}
        for name, ref in site.kwargs:
            if name is not None and name not in named:
                names.add(name)
                if ref[0] == "const":
                    extra[name] = ref[1]
        if constants is None:
            constants = extra
        else:
            constants = {
                k: v for k, v in constants.items() if k in extra and same_value(extra[k], v)
            }
    return Forwarded(constants or {}, frozenset(names))
