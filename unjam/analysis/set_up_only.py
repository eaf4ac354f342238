"""The attributes a class's `__init__` alone stores (`self._memory_mode = rdb is None`): set
as the instance is made and never filled by a later call, so a test of one (`if not
self._memory_mode:`) is a switch the constructor chose, not a memo a first call fills
(rules/memo.py asks, through callgraph_resolve.py's memo guards)."""

from __future__ import annotations

from unjam.analysis.project import Project
from unjam.analysis.project_index import FILLERS
from unjam.analysis.summary import FuncDef

_SELF = ("name", "self")


def set_up_only(methods: list[FuncDef], outside: frozenset[str]) -> frozenset[str]:
    """Of the class's `methods` (its own and its project bases'), the attributes `__init__`
    stores on `self` that no other method stores, fills (`self._ready["sync"] = True`,
    `self._seen.add(k)`) or changes, and no code stores from outside (`outside`: see
    stored_from_outside). None when the class has a `__new__`: its `__init__` runs again on
    every call of the class."""
    if any(fd.name == "__new__" for fd in methods):
        return frozenset()
    at_init: set[str] = set()
    later: set[str] = set()
    for fd in methods:
        (at_init if fd.name == "__init__" else later).update(_stored(fd))
        later.update(_changed(fd))
    return frozenset(at_init - later - outside)


# the tests whose body runs while an attribute is unset (summary.py `Guard`)
_WHILE_UNSET = frozenset({"is None", "not", "cached", "done"})


def set_lazily(methods: list[FuncDef], outside: frozenset[str]) -> frozenset[str]:
    """Of the class's `methods`, the attributes `__init__` leaves unset (`self._seeder =
    None`, or stores not at all) and every other method that stores tests first (`if
    self._seeder is None: self._seeder = Seeder()`): made once on an instance, then kept for
    its life. None when the class has a `__new__`, or code outside stores them."""
    if any(fd.name == "__new__" for fd in methods):
        return frozenset()
    lazy: set[str] = set()
    ruled_out: set[str] = set(outside)
    for fd in methods:
        if fd.name == "__init__":
            ruled_out.update(
                attr
                for base, attr, value in fd.attr_stores
                if base == _SELF and value not in (("const", None), ("const", False))
            )
            continue
        stored = _stored(fd)
        tested = {
            guard.subject[2]
            for guard in fd.guards
            if guard.kind in _WHILE_UNSET
            and guard.subject[0] == "attr"
            and guard.subject[1] == _SELF
        }
        lazy |= stored & tested
        ruled_out |= stored - tested
    return frozenset(lazy - ruled_out)


def never_stored(
    methods: list[FuncDef], outside: frozenset[str], tested: set[str]
) -> frozenset[str]:
    """Of the attributes `tested`, those no method of the class stores, fills or changes and
    no code stores from outside: a class-level default or a settings field (`if
    self.public_key: return self.public_key`, the key read from a file below and never kept)
    is configuration, not a memo a first call fills."""
    stored: set[str] = set()
    for fd in methods:
        stored |= _stored(fd) | _changed(fd)
    return frozenset(tested - stored - outside)


def _stored(fd: FuncDef) -> set[str]:
    """The attributes the method stores on `self` (`self.x = ...`)."""
    return {attr for base, attr, _value in fd.attr_stores if base == _SELF}


def _changed(fd: FuncDef) -> set[str]:
    """The attributes of `self` the method changes in place or fills (`self._ready["sync"]
    = True`, `self._seen.add(k)`)."""
    changed = {_self_attribute(ref) for ref in fd.mutated}
    changed.update(
        _self_attribute(c.func[1]) for c in fd.calls if c.func[0] == "attr" and c.func[2] in FILLERS
    )
    return changed


def tested_on_self(fd: FuncDef) -> set[str]:
    """The attributes of `self` the function's guards test (`if self.key:`)."""
    return {attr for guard in fd.guards if (attr := _self_attribute(guard.subject))}


def stored_from_outside(project: Project) -> frozenset[str]:
    """The attribute names code stores on something other than `self` (`svc.x = v`)."""
    names: set[str] = set()
    for mod in project.unique_modules():
        for fd in mod.summary.funcs.values():
            names.update(attr for base, attr, _value in fd.attr_stores if base != _SELF)
    return frozenset(names)


def _self_attribute(ref: tuple) -> str:
    """X of a ref into `self.X` (`self.X[k]`, `self.X.y`), else ""."""
    while ref[0] in ("attr", "sub", "call", "await"):
        if ref[0] == "attr" and ref[1] == _SELF:
            return ref[2]
        ref = ref[1]
    return ""
