"""What a field of the instance a method is called on holds, when the caller built that
instance itself just before (`project = AutoTrainProject(params=p, backend=b)`, then
`project.create()`): for a project dataclass, the constant the construction passed for the
field or the field's constant default; for a class whose `__init__` stores one of its
parameters in the field (`self.process = process`), what the construction surely passes
that parameter (values.py). A method's tests of its own attributes (`if self.process:`,
recorded by summarize_guards.py as tests of a parameter named `self.process`) are then
decided as a parameter's are: a route that builds the project without `process=True` never
runs what `create` does only under it.

Only where nothing can have changed the field since: no other code stores into an attribute
of that name (`x.process = …` anywhere, a `__post_init__`), no `setattr` names it nor sets a
computed name in the class's own methods, and the caller hands the instance to no other call
before it calls the method (none at all in a function with a `for` loop, where a call
written after may run before). The same holds inside the `__init__` a construction runs, for
a field it keeps from its own parameter (`self.memory_path = memory_path` then `if
self.memory_path:`): the only store of that name, so no read sees another value."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from unjam.analysis.instances import BuiltArguments
from unjam.analysis.project import Cls, Func, Project
from unjam.analysis.summary import CallSite, FuncDef, Guard
from unjam.analysis.values import TRUE_INSTANCE, Instance

_DATACLASS = frozenset({("name", "dataclass"), ("attr", ("name", "dataclasses"), "dataclass")})
_FIELD = frozenset({("name", "field"), ("attr", ("name", "dataclasses"), "field")})
_SETATTR = ("setattr", "__setattr__")
# attribute access a class may define (`__getattr__` reads only attributes never stored)
_ACCESS = frozenset({"__setattr__", "__getattribute__"})
_VALUED = ("pos", "kwonly")
ON_SELF = ("attr", ("name", "self"))  # `self.method(...)`'s callee ref, up to the method name
UNKNOWN = object()  # (a field whose value is not known)

# what a call surely passes the called function's parameters among those named
# (callgraph_kills.py `values_of_call`, with nothing known of the caller's parameters)
Passed = Callable[[Func, CallSite, Func, frozenset[str]], dict[str, object]]


def is_dataclass_decorator(decorator: tuple) -> bool:
    """`@dataclass` or `@dataclass(frozen=True)`."""
    return decorator in _DATACLASS or (decorator[0] == "call" and decorator[1] in _DATACLASS)


class InstanceFields:
    def __init__(self, project: Project, passed: Passed, built: BuiltArguments) -> None:
        self.project = project
        self.passed = passed
        self.built = built
        self._always: dict[str, dict[str, object]] = {}  # method gqn → always_built
        self._changed: dict[str, list[tuple[Func, tuple]]] | None = None  # _changed_in_place

    def held(
        self, func: Func, site: CallSite, target: Func, tests: Iterable[tuple[int, Guard]]
    ) -> dict[str, object]:
        """`self.<field>` → the value it surely holds when `func`'s call `site` runs
        `target` on an instance `func` built, for the fields `target`'s `tests` test."""
        return self.held_names(func, site, target, {g.subject[1] for _, g in tests})

    def held_names(
        self, func: Func, site: CallSite, target: Func, names: set[str]
    ) -> dict[str, object]:
        """`held`, for the fields `names` (`self.context`) rather than those tests test."""
        own = target.fd.params[0].name if target.fd.params else ""
        wanted = {name for name in names if name.startswith(own + ".")}
        built = self._built_here(func, site) if wanted else None
        if built is None:
            return {}
        cls, constructions = built
        if target.class_gqn not in self.project.mro(cls.gqn)[0]:
            return {}
        out: dict[str, object] = {}
        for name in wanted:
            value = self.built_with(func, cls, constructions, name[len(own) + 1 :])
            if value is not UNKNOWN:
                out[name] = value
        return out

    def built_with(self, func: Func, cls: Cls, constructions: list[CallSite], field: str) -> object:
        """What the field holds on an object of `cls` that one of `func`'s `constructions`
        made (each the same, when it was built in each branch of an `if`), where nothing
        may change it since; UNKNOWN otherwise."""
        if self._changed_elsewhere(cls, field):
            return UNKNOWN
        dataclass = any(is_dataclass_decorator(d) for d, _l, _c in cls.cd.decorators)
        values = [
            self._dataclass_field(cls, field, construction)
            if dataclass
            else self._stored_by_init(func, cls, field, construction)
            for construction in constructions
        ]
        if all(v == values[0] for v in values[1:]):
            return values[0]
        return UNKNOWN

    def made_by(
        self, func: Func, site: CallSite, target: Func, tests: Iterable[tuple[int, Guard]]
    ) -> dict[str, object]:
        """`self.<field>` → the value it holds in the `__init__` `target` that `func`'s
        construction `site` runs, for the fields `__init__` itself keeps from its parameters
        (`self.memory_path = memory_path`, then `if self.memory_path:`)."""
        own = target.fd.params[0].name if target.fd.params else ""
        cls = self.project.classes.get(target.class_gqn or "")
        if cls is None or not own:
            return {}
        out: dict[str, object] = {}
        for name in {g.subject[1] for _, g in tests if g.subject[1].startswith(own + ".")}:
            field = name[len(own) + 1 :]
            if self._changed_elsewhere(cls, field):
                continue
            value = self._stored_by_init(func, cls, field, site)
            if value is not UNKNOWN:
                out[name] = value
        return out

    def kept_by_init(
        self,
        func: Func,
        site: CallSite,
        target: Func,
        tests: Iterable[tuple[int, Guard]],
        held: Mapping[str, object],
    ) -> dict[str, object]:
        """`self.<field>` → the value it holds when the `__init__` `func` calls `target`, a
        method of its own class, on `self` (`self.lock = lock`, then `self._prime()` whose
        `if self.lock:` tests it): what `held` says `__init__`'s parameter holds on the path
        taken, for a field only that `__init__` stores, from that parameter."""
        init = func.fd
        if init.name != "__init__" or not init.params or func.class_gqn is None:
            return {}
        me = init.params[0].name
        cls = self.project.classes.get(func.class_gqn)
        if site.func[:2] != ("attr", ("name", me)) or cls is None or cls.cd.decorators:
            return {}
        if target.class_gqn not in self.project.mro(cls.gqn)[0] or not target.fd.params:
            return {}
        own = target.fd.params[0].name
        out: dict[str, object] = {}
        for name in {g.subject[1] for _, g in tests if g.subject[1].startswith(own + ".")}:
            field = name[len(own) + 1 :]
            kept = self._init_parameter(cls, field)
            if kept is None or kept[0] not in held or kept[0] in init.locals:
                continue  # (unknown, or rebound before it is stored)
            value = _field_value(kept[1], held[kept[0]])
            if value is not UNKNOWN and not self._changed_elsewhere(cls, field):
                out[name] = value
        return out

    def carried(
        self,
        func: Func,
        site: CallSite,
        target: Func,
        names: Iterable[str],
        held: Mapping[str, object],
    ) -> dict[str, object]:
        """`self.<field>` → the value `held` (the state of the method `func` on the path
        taken) says a field of `func`'s own instance holds, when `func`'s call `site` runs
        `target`, a method of its class, on that instance (`self._store_history()`), for
        the fields among `names`. The value came from `held_names` or `kept_by_init`, which
        find no other store of the field: no method changes it in between."""
        if site.func[:2] != ON_SELF or func.class_gqn is None:
            return {}
        if target.class_gqn not in self.project.mro(func.class_gqn)[0]:
            return {}
        return {name: held[name] for name in names if name.startswith("self.") and name in held}

    def always_built(self, target: Func, tests: Iterable[tuple[int, Guard]]) -> dict[str, object]:
        """`self.<field>` → what it holds on every instance of `target`'s class, for the
        fields `target`'s `tests` test that `__init__` alone stores, each time the same
        constant (`self.slack_webhook = None`) or an object a call surely builds, of a class
        with no `__bool__` or `__len__` (`self.security = SecurityManager(...)`): `if
        self.security: return …` then always returns, whoever built the instance."""
        known = self._always.get(target.gqn)
        if known is not None:
            return known
        out: dict[str, object] = {}
        own = target.fd.params[0].name if target.fd.params else ""
        cls = self.project.classes.get(target.class_gqn or "")
        init = self.project.method(cls.gqn, "__init__") if cls is not None else None
        if own and cls is not None and init is not None and self._plain(cls, init):
            me = ("name", init.fd.params[0].name)
            for name in {g.subject[1] for _, g in tests if g.subject[1].startswith(own + ".")}:
                field = name[len(own) + 1 :]
                held = self._held_since_init(cls, init, me, field)
                if held is not UNKNOWN:
                    out[name] = held
        self._always[target.gqn] = out
        return out

    def own_object(self, func: Func, ref: tuple) -> Instance | None:
        """TRUE_INSTANCE when `ref` is a field of the method's own instance
        (`self.http_client`) that its class's `__init__` alone stores, each time an object a
        call surely builds, of a class that is always true (`httpx.AsyncClient(...)`): what
        the method hands on as an argument (`verify(url, http_client=self.http_client)`)."""
        params = func.fd.params
        cls = self.project.classes.get(func.class_gqn or "")
        if ref[0] != "attr" or not params or ref[1] != ("name", params[0].name) or cls is None:
            return None
        init = self.project.method(cls.gqn, "__init__")
        if init is None or not self._plain(cls, init):
            return None
        held = self._held_since_init(cls, init, ("name", init.fd.params[0].name), ref[2])
        return TRUE_INSTANCE if held is TRUE_INSTANCE else None

    def _plain(self, cls: Cls, init: Func) -> bool:
        """Whether the class and its `__init__` are undecorated (a decorator may replace
        either) and that `__init__` has its instance parameter."""
        return not cls.cd.decorators and not init.fd.decorators and bool(init.fd.params)

    def _held_since_init(self, cls: Cls, init: Func, me: tuple, field: str) -> object:
        """The constant `init` stores in the field each time it stores it, or a true object
        when each store builds one, if no other store, class-level value or attribute
        access may change what it reads; `UNKNOWN` otherwise."""
        stored = [v for base, attr, v in init.fd.attr_stores if base == me and attr == field]
        if not stored or self._stored_elsewhere(cls, field, init, me):
            return UNKNOWN
        if self._changed_elsewhere(cls, field):
            return UNKNOWN
        for gqn in self.project.mro(cls.gqn)[0]:
            owner = self.project.classes.get(gqn)
            if owner is None or field in owner.cd.attrs:
                return UNKNOWN
        if all(v[0] == "const" for v in stored):
            return stored[0][1] if all(v == stored[0] for v in stored) else UNKNOWN
        built = self.built.of_call(init, stored)
        if len(built) == len(set(stored)) and all(v.truthy for v in built.values()):
            return TRUE_INSTANCE
        return UNKNOWN

    def _init_parameter(self, cls: Cls, field: str) -> tuple[str, tuple] | None:
        """The parameter of the class's undecorated `__init__` that it stores in the field
        (`self.process = process`, or `self.folder = Path(folder) if folder else None`),
        the only store of that attribute name in the project that may land on the class's
        instances, with no class-level value beside it, and what it stores: the field holds
        what that parameter held (`_field_value`)."""
        init = self.project.method(cls.gqn, "__init__")
        if init is None or init.fd.decorators or not init.fd.params or cls.cd.decorators:
            return None
        me = ("name", init.fd.params[0].name)
        if self._stored_elsewhere(cls, field, init, me):
            return None
        stored = [v for base, attr, v in init.fd.attr_stores if base == me and attr == field]
        param = _parameter_kept(stored[0]) if len(stored) == 1 else None
        if not any(q.name == param and q.kind in _VALUED for q in init.fd.params[1:]):
            return None
        for gqn in self.project.mro(cls.gqn)[0]:
            owner = self.project.classes.get(gqn)
            if owner is None or field in owner.cd.attrs:
                return None
        return (param, stored[0]) if param is not None else None

    def _stored_elsewhere(self, cls: Cls, field: str, init: Func, me: tuple) -> bool:
        """Whether a store of the attribute name other than `init`'s on `me` may land on an
        instance of the class: any but one on an instance of an unrelated class — the first
        parameter of that class's method (`self.context = context` in another class's
        `__init__`), or a local that inference types as one (`node.context = …` of `node =
        make_node()` declared `-> BaseNode`)."""
        stores = [
            *self.project.stored_attributes().get(field, ()),
            *self._changed_in_place().get(field, ()),
        ]
        return any(
            not (func is init and base == me) and not self._on_another_class(func, base, cls)
            for func, base in stores
        )

    def _changed_in_place(self) -> dict[str, list[tuple[Func, tuple]]]:
        """Each attribute name some function changes without an assignment — `x.count +=
        1`, `del x.cache`, `x.parts[k] = v` (the summary's `mutated`) — → (that function,
        what the attribute is on), as `stored_attributes` lists the assignments."""
        changed = self._changed
        if changed is None:
            changed = self._changed = {}
            for func in self.project.funcs.values():
                for ref in func.fd.mutated:
                    if ref[0] == "attr":
                        changed.setdefault(ref[2], []).append((func, ref[1]))
        return changed

    def _on_another_class(self, func: Func, base: tuple, cls: Cls) -> bool:
        """Whether `base`, stored into by `func`, is surely an instance of a class neither
        `cls` nor a base or subclass of it."""
        params = func.fd.params
        if (
            base[0] == "name"
            and func.class_gqn is not None
            and params
            and params[0].name == base[1]
        ):
            owner = func.class_gqn
        else:
            value = self.project.value_of(func, base)
            if value is None or value[0] != "obj":
                return False
            owner = value[1]
        mro = self.project.mro
        return owner not in mro(cls.gqn)[0] and cls.gqn not in mro(owner)[0]

    def _built_here(self, func: Func, site: CallSite) -> tuple[Cls, list[CallSite]] | None:
        """(class, constructions) the call's receiver holds (`built_local`)."""
        ref = site.func
        if ref[0] != "attr" or ref[1][0] != "name":
            return None
        return self.built_local(func, site, ref[1][1])

    def built_local(
        self, func: Func, site: CallSite, local: str
    ) -> tuple[Cls, list[CallSite]] | None:
        """(class, constructions) a local of `func` holds at its call `site`: bound only to
        calls of one project class (once, or once in each branch of an `if`), handed to no
        other call before this one."""
        fd = func.fd
        values = fd.locals.get(local)
        if not values or any(value[0] != "call" for value in values):
            return None
        if local in fd.globals_declared or any(q.name == local for q in fd.params):
            return None
        if _handed_before(fd, site, ("name", local)):
            return None
        return self.constructions(func, values)

    def constructions(
        self, func: Func, values: Iterable[tuple]
    ) -> tuple[Cls, list[CallSite]] | None:
        """(class, the call sites) of call refs of `func` that each construct one project
        class, the same for all; None for any other call (a factory's)."""
        fd = func.fd
        classes, constructions = set(), []
        for _tag, callee, args, kwargs in values:
            construction = next(
                (c for c in fd.calls if c.func == callee and c.args == args and c.kwargs == kwargs),
                None,
            )
            made = self.project.callee(func, callee)  # (the class itself: not a factory's call)
            if construction is None or not made or made[0] != "class":
                return None
            classes.add(made[1])
            constructions.append(construction)
        cls = self.project.classes.get(classes.pop()) if len(classes) == 1 else None
        return (cls, constructions) if cls is not None else None

    def _dataclass_field(self, cls: Cls, field: str, construction: CallSite) -> object:
        """The constant a dataclass construction by keywords passes for the field, or the
        field's constant default (none with a `__init__` of its own, positional arguments
        or a `**spread`: which field gets what is then unsure)."""
        if "__init__" in cls.cd.methods or construction.args or not _makes_init(cls):
            return UNKNOWN
        kwargs = dict(construction.kwargs)
        if None in kwargs or field in self.project.stored_attributes():
            return UNKNOWN
        if field in self._changed_in_place():
            return UNKNOWN
        passed = kwargs.get(field)
        if passed is not None:
            return passed[1] if passed[0] == "const" else UNKNOWN
        for gqn in self.project.mro(cls.gqn)[0]:
            owner = self.project.classes.get(gqn)
            if owner is not None and field in owner.cd.annotations:
                return _default(owner.cd.attrs.get(field, []))
        return UNKNOWN

    def _stored_by_init(self, func: Func, cls: Cls, field: str, construction: CallSite) -> object:
        """What the construction surely passes the `__init__` parameter that `__init__`
        stores in the field (`_init_parameter`): the field then holds that value whenever
        it exists."""
        kept = self._init_parameter(cls, field)
        init = self.project.method(cls.gqn, "__init__")
        if kept is None or init is None:
            return UNKNOWN
        passed = self.passed(func, construction, init, frozenset({kept[0]}))
        return _field_value(kept[1], passed.get(kept[0], UNKNOWN))

    def _own_access(self, gqn: str, name: str) -> bool:
        """Whether the class's own `__getattribute__` or `__setattr__` may change what its
        fields read (not one that `_stores_as_given`)."""
        method = self.project.method(gqn, name)
        return name != "__setattr__" or method is None or not _stores_as_given(method.fd)

    def _changed_elsewhere(self, cls: Cls, field: str) -> bool:
        """Whether the field may read otherwise than it was stored: a method or property of
        that name, or attribute access of the class's own (`__getattribute__`, a
        `__setattr__` that may store another value) in the class or its project bases; or
        some `setattr` may set it — one naming it anywhere, or one by a computed name in a
        method of those classes (but the one that `_stores_as_given` hands on)."""
        classes = set(self.project.mro(cls.gqn)[0])
        for gqn in classes:
            owner = self.project.classes.get(gqn)
            if owner is not None and (
                field in owner.cd.methods
                or any(self._own_access(gqn, name) for name in _ACCESS if name in owner.cd.methods)
            ):
                return True
        for name in _SETATTR:
            for func, site in self.project.sites_named(name):
                named = site.args[1] if len(site.args) > 1 else None
                if named is not None and named[0] == "const":
                    if named[1] == field:
                        return True
                elif func.class_gqn in classes and not (
                    func.fd.name == "__setattr__" and _stores_as_given(func.fd)
                ):
                    return True
        return False


def _stores_as_given(fd: FuncDef) -> bool:
    """Whether a `__setattr__(self, name, value)` stores what it is given, as it is: it
    hands both on unchanged to another `__setattr__` (`super().__setattr__(name, value)`,
    after checks that may raise) and stores nothing itself."""
    params = [q.name for q in fd.params]
    if len(params) != 3 or any(name in fd.locals for name in params) or fd.item_stores:
        return False
    given = (("name", params[1]), ("name", params[2]))
    return not fd.attr_stores and any(
        site.func[0] == "attr" and site.func[2] == "__setattr__" and site.args[-2:] == given
        for site in fd.calls
    )


def _parameter_kept(stored: tuple) -> str | None:
    """The parameter whose value a field's store keeps: `self.x = x`, or one that tests it
    and falls back to a constant (`self.x = Path(x) if x else None`)."""
    if stored[0] == "name":
        return stored[1]
    if stored[0] == "ifexp" and stored[3][0] == "name" and stored[2][0] == "const":
        return stored[3][1]
    return None


def _field_value(stored: tuple, value: object) -> object:
    """What the field holds when the parameter `_parameter_kept` names held `value`: that
    value, or, through `X if x else C`, C for a false one (a true one: X, not known)."""
    if stored[0] == "name" or value is UNKNOWN:
        return value
    if value is None or value is False or value == 0 or value == "":
        return stored[2][1]
    return value if stored[1] == stored[3] else UNKNOWN


def _makes_init(cls: Cls) -> bool:
    """Whether the class's `@dataclass` writes its `__init__` (not `init=False`)."""
    for ref, _line, _col in cls.cd.decorators:
        if ref[0] == "call" and ref[1] in _DATACLASS:
            return not any(name == "init" and value != ("const", True) for name, value in ref[3])
    return True


def _default(values: list) -> object:
    """A field's constant default: `= False`, or `= field(default=False)`."""
    if len(values) != 1:
        return UNKNOWN
    value = values[0]
    if value[0] == "const":
        return value[1]
    if value[0] == "call" and value[1] in _FIELD:
        for name, given in value[3]:
            if name == "default" and given[0] == "const":
                return given[1]
    return UNKNOWN


def _handed_before(fd: FuncDef, site: CallSite, ref: tuple) -> bool:
    """Whether another call of `fd` may hand `ref` on before `site` runs. One written after
    it, in a function with no `for` loop, cannot (`result = await review.arun()` then
    `summary_of(review)`); summaries keep no `while` loops, a rare place for a
    construction's only method call."""
    ordered = not fd.iterated
    return any(
        _hands_on(other, ref)
        for other in fd.calls
        if other is not site and not (ordered and (other.line, other.col) > (site.line, site.col))
    )


def _hands_on(site: CallSite, ref: tuple) -> bool:
    """Whether a call passes `ref` as an argument (a callee may change what it holds)."""
    return ref in site.args or any(value == ref for _name, value in site.kwargs)
