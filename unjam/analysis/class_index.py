"""Classes: method resolution order, method lookup, properties, and the values stored on
an object's attributes anywhere in the project (`self.x = ...`, `app.state.x = ...`,
class-level attributes).

A layer of `Project` (see project_index.py); the values are project.py's tuples.
"""

from __future__ import annotations

from unjam.analysis.project_index import _MISSING, Cls, Func, Value
from unjam.analysis.resolution import Resolver

_PROTOCOLS = frozenset({"typing.Protocol", "typing_extensions.Protocol"})
_PROPERTY_DECORATORS = {
    ("name", "property"),
    ("name", "cached_property"),
    ("attr", ("name", "functools"), "cached_property"),
}


class ClassIndex(Resolver):
    def __post_init__(self) -> None:
        super().__post_init__()
        self._stores: dict[tuple[str, str], list[tuple[Func, tuple]]] = {}
        self._pending_stores: list[tuple[Func, tuple, str, tuple]] | None = None
        self._typing_stores = False  # the stores whose base needs typing are being typed
        self._stored: dict[tuple[str, str], Value | None] = {}  # (owner, attr) → stored()
        # stored() answers found across a cycle cut, kept until the outermost inference
        # ends (`end_of_inference`): without them, a class whose stored attributes are
        # read from one another is re-typed once per path through them — exponentially
        self._stored_provisional: dict[tuple[str, str], Value | None] = {}
        self._mro: dict[str, tuple[list[str], list[str]]] = {}
        self._mro_busy: set[str] = set()  # classes whose MRO is being computed
        self._methods: dict[tuple[str, str], Func | None] = {}  # (class, name) → method
        # class → attribute → (method, annotation) of `self.x: T = …` in its methods
        self._method_annotations: dict[str, dict[str, tuple[Func, tuple]]] = {}
        self._overriding: dict[str, tuple[str, ...]] = {}  # see `overrides`
        self._defining: dict[str, list[Cls]] | None = None  # method name → classes

    def overrides(self, method_gqn: str) -> tuple[str, ...]:
        """The gqns of the methods of the project's subclasses that override `method_gqn`."""
        known = self._overriding.get(method_gqn)
        if known is None:
            owner, _, name = method_gqn.rpartition(".")
            known = tuple(
                f"{cls.mod.name}.{cls.cd.methods[name]}"
                for cls in self._classes_defining(name)
                if cls.gqn != owner and owner in self.mro(cls.gqn)[0]
            )
            self._overriding[method_gqn] = known
        return known

    def _classes_defining(self, name: str) -> list[Cls]:
        """The project's classes that define a method `name` (indexed once: a scan of every
        class per method asked about adds up on a large project)."""
        if self._defining is None:
            self._defining = {}
            for cls in self.classes.values():
                for method in cls.cd.methods:
                    self._defining.setdefault(method, []).append(cls)
        return self._defining.get(name, [])

    def is_protocol(self, class_gqn: str) -> bool:
        """Whether the class is a `typing.Protocol`: an interface, whose methods' bodies are
        not what runs."""
        return any(base in _PROTOCOLS for base in self.mro(class_gqn)[1])

    def mro(self, class_gqn: str) -> tuple[list[str], list[str]]:
        """(project classes in MRO order, outside base qualnames)."""
        cached = self._mro.get(class_gqn)
        if cached is not None:
            if class_gqn in self._mro_busy:
                self._cut += 1  # the cycle guard, not the final answer
            return cached
        self._mro[class_gqn] = ([class_gqn], [])  # cycle guard
        self._mro_busy.add(class_gqn)
        try:
            project, outside = [class_gqn], []
            cls = self.classes.get(class_gqn)
            if cls is not None:
                scope = self.class_scope(cls)
                for base_ref in cls.cd.bases:
                    if base_ref[0] == "sub":  # `BaseRepo[User]`: the generic class itself
                        base_ref = base_ref[1]
                    base = self.value_of(scope, base_ref)
                    if base is None:
                        continue
                    if base[0] == "class":
                        sub_project, sub_outside = self.mro(base[1])
                        project += [c for c in sub_project if c not in project]
                        outside += [o for o in sub_outside if o not in outside]
                    elif (
                        base[0] == "ext"
                        and base[1] not in ("builtins.object", "typing.Generic")
                        and base[1] not in outside
                    ):
                        outside.append(base[1])
        finally:
            self._mro_busy.discard(class_gqn)
        self._mro[class_gqn] = (project, outside)
        return project, outside

    def method(self, class_gqn: str, name: str) -> Func | None:
        key = (class_gqn, name)
        found = self._methods.get(key, _MISSING)
        if found is not _MISSING:
            return found
        found = None
        for c in self.mro(class_gqn)[0]:
            cls = self.classes.get(c)
            if cls is None:
                continue
            qn = cls.cd.methods.get(name)
            if qn is not None:
                found = self.funcs.get(f"{cls.mod.name}.{qn}")
                break
        if class_gqn not in self._mro_busy:
            self._methods[key] = found
        return found

    @staticmethod
    def is_property(method: Func) -> bool:
        prop = method.prop
        if prop is None:
            prop = method.prop = any(d[0] in _PROPERTY_DECORATORS for d in method.fd.decorators)
        return prop

    def stored(self, owner: str, attr: str) -> Value | None:
        """The value of `owner.attr` from assignments anywhere (self.x = ..., app.state.x =
        ..., class-level attributes), owner being a class gqn or an outside type."""
        key = (owner, attr)
        value = self._stored.get(key, _MISSING)
        if value is not _MISSING:
            return value
        provisional = self._stored_provisional
        value = provisional.get(key, _MISSING)
        if value is not _MISSING:
            self._cut += 1  # (what is derived from it is provisional too)
            return value
        cut = self._cut
        value = self._stored_value(owner, attr)
        if cut == self._cut:
            self._stored[key] = value
        else:
            provisional[key] = value
        if self._depth == 0:
            self.end_of_inference()
        return value

    def end_of_inference(self) -> None:
        """Forget the provisional answers once the outermost inference is done: the next
        one starts from other names, and its cycles are cut elsewhere."""
        if self._stored_provisional:
            self._stored_provisional.clear()

    def _stored_value(self, owner: str, attr: str) -> Value | None:
        if self._pending_stores is None:
            self._index_stores()
        if self._typing_stores:
            self._cut += 1  # the store index is still partial: not a final answer
        owners = self.mro(owner)[0] if owner in self.classes else [owner]
        for o in owners:
            found = self._stored_values(o, attr)
            if found is not None:
                return found
        if self._pending_stores:
            pending, self._pending_stores = self._pending_stores, []
            self._typing_stores = True
            try:
                for func, base_ref, name, value_ref in pending:
                    base = self.value_of(func, base_ref)
                    if base is not None and base[0] in ("obj", "class", "inst"):
                        self._stores.setdefault((base[1], name), []).append((func, value_ref))
            finally:
                self._typing_stores = False
            for o in owners:
                found = self._stored_values(o, attr)
                if found is not None:
                    return found
        return self._declared_type(owners, attr)

    def _declared_type(self, owners: list[str], attr: str) -> Value | None:
        """What a class-level annotation (`path: Path = None`, a dataclass field) says the
        attribute holds, when no value stored in it tells: the object the class's own code
        expects there."""
        for owner in owners:
            cls = self.classes.get(owner)
            if cls is None:
                continue
            if attr in cls.cd.annotations:
                return self.annotation_type(self.class_scope(cls), cls.cd.annotations[attr])
            annotated = self._annotated_in_methods(cls).get(attr)
            if annotated is not None:
                return self.annotation_type(annotated[0], annotated[1])
        return None

    def _annotated_in_methods(self, cls: Cls) -> dict[str, tuple[Func, tuple]]:
        """The attributes the class's methods annotate where they store them (`self.agents:
        dict[str, Agent] = {}`, kept as "self.agents" in the method's `local_annotations`),
        with the method whose names the annotation uses."""
        known = self._method_annotations.get(cls.gqn)
        if known is None:
            known = self._method_annotations[cls.gqn] = {}
            for qn in cls.cd.methods.values():
                func = self.funcs.get(f"{cls.mod.name}.{qn}")
                if func is None or not func.fd.params:
                    continue
                own = func.fd.params[0].name + "."
                for key, annotation in func.fd.local_annotations.items():
                    if key.startswith(own):
                        known.setdefault(key[len(own) :], (func, annotation))
        return known

    def _stored_values(self, owner: str, attr: str) -> Value | None:
        for func, ref in self._stores.get((owner, attr), ()):
            value = self.value_of(func, ref)
            if value is not None:
                return value
        cls = self.classes.get(owner)
        if cls is not None and attr in cls.cd.attrs:
            scope = self.class_scope(cls)
            for ref in cls.cd.attrs[attr]:
                value = self.value_of(scope, ref)
                if value is not None:
                    return value
        return None

    def _index_stores(self) -> None:
        pending: list[tuple[Func, tuple, str, tuple]] = []
        for func in self.funcs.values():
            fd = func.fd
            if not fd.attr_stores:
                continue
            owner = func.class_gqn
            first = fd.params[0].name if fd.params and owner else None
            for base_ref, attr, value_ref in fd.attr_stores:
                if first is not None and owner is not None and base_ref == ("name", first):
                    self._stores.setdefault((owner, attr), []).append((func, value_ref))
                else:
                    pending.append((func, base_ref, attr, value_ref))
        self._pending_stores = pending
