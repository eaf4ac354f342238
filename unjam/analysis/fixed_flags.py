"""Switches written into the code: `if not ALLOW_OVERWRITE: return …` where the module binds
`ALLOW_OVERWRITE = False` once, at its top level (or imports it from a module that does), and
nothing changes it — no function declares it `global` and stores it, no code stores
`config.ALLOW_OVERWRITE = …` or names it to `setattr`. As the project stands, what such a test
keeps out never runs, so its calls are not followed: a finding there would report work the
app does not do until someone edits the constant.

Only the upper-case names the summaries record as "flag true" / "flag false" tests (`if
DEBUG:`, `if not ENABLED:`) are read, and only a constant value decides them; a flag read
from the environment or computed is left to run either way (suite_switches.py handles the
test suite's own switches).
"""

from __future__ import annotations

from unjam.analysis.project import Func, Project
from unjam.analysis.suite_switches import module_values
from unjam.analysis.values import EMPTY, is_dead

_FLAG_TESTS = {"flag true": True, "flag false": False}  # kind → the value that lets it run
_UNKNOWN = object()
_SETATTR = ("setattr",)
_ANY = "*"  # (in `_changed_names`: a `setattr` by a computed name on what may be a module)
_OWN = (("name", "self"), ("name", "cls"))


class FixedFlags:
    def __init__(self, project: Project):
        self.p = project
        self._changed: frozenset[str] | None = None

    def never_true(self, func: Func) -> frozenset[int]:
        """The function's flag tests that the flag's fixed value makes false, with the
        guards nested in them."""
        guards = func.fd.guards
        killed = frozenset(
            i
            for i, guard in enumerate(guards)
            if guard.kind in _FLAG_TESTS
            and (value := self._value(func, guard.subject[1])) is not _UNKNOWN
            and bool(value) is not _FLAG_TESTS[guard.kind]
        )
        if not killed:
            return EMPTY
        return frozenset(i for i in range(len(guards)) if is_dead(guards, i, killed))

    def _value(self, func: Func, name: str) -> object:
        """The constant the module-level `name` holds wherever `func` reads it, or _UNKNOWN."""
        changed = self._changed_names()
        if name in func.fd.locals or name in changed or _ANY in changed:
            return _UNKNOWN
        values = module_values(self.p, func.mod, name)
        if len(values) != 1 or values[0][0] != "const":
            return _UNKNOWN
        return values[0][1]

    def _changed_names(self) -> frozenset[str]:
        """The names some code may rebind away from their module's value: declared `global`
        and stored, stored as an attribute of anything (`config.DEBUG = True`), or named
        to `setattr` — by name, wherever it happens; `_ANY` when a `setattr` by a computed
        name (`setattr(config, key, value)`, not on `self`) or `globals()` may set any."""
        changed = self._changed
        if changed is None:
            names = set(self.p.written_names()) | set(self.p.stored_attributes())
            for name in _SETATTR:
                for _func, site in self.p.sites_named(name):
                    named = site.args[1] if len(site.args) > 1 else None
                    if named is not None and named[0] == "const" and isinstance(named[1], str):
                        names.add(named[1])
                    elif site.args and site.args[0] not in _OWN:
                        names.add(_ANY)
            if self.p.sites_named("globals"):
                names.add(_ANY)
            changed = self._changed = frozenset(names)
        return changed
