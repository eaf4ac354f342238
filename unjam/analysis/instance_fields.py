"""What a field of the instance a method is called on holds, when the caller built that
instance itself from a project dataclass just before (`project =
AutoTrainProject(params=p, backend=b)`, then `project.create()`): the constant the
construction passed for the field, or the field's constant default. A method's tests of
its own attributes (`if self.process:`, recorded by summarize_guards.py as tests of a
parameter named `self.process`) are then decided as a parameter's are (values.py): a route
that builds the project without `process=True` never runs what `create` does only under it.

Only where nothing can have changed the field since: no code stores into an attribute of
that name (`x.process = …` anywhere, `__post_init__` included), no `setattr` of that name or
of a computed name in the class's own methods, and the caller hands the instance to no
other call before it calls the method."""

from __future__ import annotations

from collections.abc import Iterable

from unjam.analysis.project import Cls, Func, Project
from unjam.analysis.summary import CallSite

DATACLASS = frozenset({("name", "dataclass"), ("attr", ("name", "dataclasses"), "dataclass")})
_FIELD = frozenset({("name", "field"), ("attr", ("name", "dataclasses"), "field")})
_SETATTR = ("setattr", "__setattr__")
_UNKNOWN = object()


def is_dataclass_decorator(decorator: tuple) -> bool:
    """`@dataclass` or `@dataclass(frozen=True)`."""
    return decorator in DATACLASS or (decorator[0] == "call" and decorator[1] in DATACLASS)


class InstanceFields:
    def __init__(self, project: Project) -> None:
        self.project = project

    def held(
        self, func: Func, site: CallSite, target: Func, tested: Iterable[str]
    ) -> dict[str, object]:
        """`self.<field>` → the value it surely holds when `func`'s call `site` runs
        `target` on an instance `func` built, for the tested names among `tested`."""
        own = target.fd.params[0].name if target.fd.params else ""
        wanted = [name for name in tested if name.startswith(own + ".")]
        built = self._built_here(func, site) if wanted else None
        if built is None:
            return {}
        cls, kwargs = built
        if target.class_gqn not in self.project.mro(cls.gqn)[0]:
            return {}
        out: dict[str, object] = {}
        for name in wanted:
            field = name[len(own) + 1 :]
            value = self._field_value(cls, field, kwargs)
            if value is not _UNKNOWN:
                out[name] = value
        return out

    def _built_here(self, func: Func, site: CallSite) -> tuple[Cls, dict] | None:
        """(class, keywords) of the dataclass construction the call's receiver holds: a
        local of `func` bound once, to a call of a project dataclass by keywords only,
        handed to no other call."""
        ref = site.func
        if ref[0] != "attr" or ref[1][0] != "name":
            return None
        local = ref[1][1]
        fd = func.fd
        values = fd.locals.get(local)
        if values is None or len(values) != 1 or values[0][0] != "call":
            return None
        if local in fd.globals_declared or any(q.name == local for q in fd.params):
            return None
        _tag, _callee, args, kwargs = values[0]
        if args or any(name is None for name, _value in kwargs):
            return None  # (positional fields, a `**spread`: which field gets what is unsure)
        if any(_hands_on(other, ref[1]) for other in fd.calls if other is not site):
            return None
        value = self.project.value_of(func, ref[1])
        cls = self.project.classes.get(value[1]) if value and value[0] == "obj" else None
        if cls is None or not any(is_dataclass_decorator(d) for d, _l, _c in cls.cd.decorators):
            return None
        if "__init__" in cls.cd.methods:
            return None
        return cls, dict(kwargs)

    def _field_value(self, cls: Cls, field: str, kwargs: dict) -> object:
        if field in self.project.stored_attributes() or self._set_by_name(cls, field):
            return _UNKNOWN
        passed = kwargs.get(field)
        if passed is not None:
            return passed[1] if passed[0] == "const" else _UNKNOWN
        for gqn in self.project.mro(cls.gqn)[0]:
            owner = self.project.classes.get(gqn)
            if owner is not None and field in owner.cd.annotations:
                return _default(owner.cd.attrs.get(field, ()))
        return _UNKNOWN

    def _set_by_name(self, cls: Cls, field: str) -> bool:
        """Whether some `setattr` may set the field: one naming it anywhere, or one by a
        computed name in a method of the class or its project bases."""
        classes = set(self.project.mro(cls.gqn)[0])
        for name in _SETATTR:
            for func, site in self.project.sites_named(name):
                named = site.args[1] if len(site.args) > 1 else None
                if named is not None and named[0] == "const":
                    if named[1] == field:
                        return True
                elif func.class_gqn in classes:
                    return True
        return False


def _default(values: list) -> object:
    """A field's constant default: `= False`, or `= field(default=False)`."""
    if len(values) != 1:
        return _UNKNOWN
    value = values[0]
    if value[0] == "const":
        return value[1]
    if value[0] == "call" and value[1] in _FIELD:
        for name, given in value[3]:
            if name == "default" and given[0] == "const":
                return given[1]
    return _UNKNOWN


def _hands_on(site: CallSite, ref: tuple) -> bool:
    """Whether a call passes `ref` as an argument (a callee may change what it holds)."""
    return ref in site.args or any(value == ref for _name, value in site.kwargs)
