"""`session.delete(obj)` in SQLAlchemy's unit of work sends no SQL by itself: the DELETE goes
out at the flush (`commit()`, reported on its own line), and so do the reads that set a
child's foreign key to null. The call reads the database in one case only: to cascade the
delete, it loads the rows held by the object's relationships whose `cascade` includes
`delete` (`"all"`, `"all, delete-orphan"`; SQLModel's `cascade_delete=True`) when they are
not loaded yet. So it is database I/O only where such a relationship may reach the object:
when the project declares none, never; when the object's model is known (a query's row, an
object built, or the variable of a loop over one model's rows — a query's, or a
relationship's, `for q in tool.questions:` with `questions = relationship("Question")`; a
schema's list holds no rows), only if it or a base declares one the function has not loaded
already (`for pack in row.packs:` before `session.delete(row)`), or a `backref(...,
cascade=...)` may add one to it. A cascade the code does not spell as a constant counts as
one that deletes. (A row first bound to None, `row = None` before the branches that query
it, is still that model's row.)"""

from __future__ import annotations

from unjam.analysis.broken_models import is_model, relationship_target
from unjam.analysis.fastapi_records import _const_str, _last_name
from unjam.analysis.parameters import argument, binds_first
from unjam.analysis.project import Func, Project
from unjam.analysis.summary import CallSite

ORM_DELETE = "sqlalchemy.orm.Session.delete"
_QUERY_STARTS = frozenset(("query", "get"))  # `session.query(Model)`, `session.get(Model, key)`
_QUERY_STEPS = frozenset(
    {"filter", "filter_by", "where", "order_by", "options", "join", "outerjoin"}
    | {"limit", "offset", "distinct", "with_for_update", "execution_options"}
)
_ONE_ROW = frozenset(
    ("first", "one", "one_or_none", "get", "scalar", "scalar_one", "scalar_one_or_none")
)
# `session.scalar(select(Model)…)`, `session.scalars(stmt).first()`, `session.execute(stmt)…`,
# SQLModel's `session.exec(stmt)`
_STATEMENT_RUNS = frozenset(("scalar", "scalars", "execute", "exec"))
_SELECT_STEPS = _QUERY_STEPS | {"limit"}  # the steps of a `select(Model)` statement
_RELATIONSHIPS = ("relationship", "Relationship")
_UNKNOWN = ("?",)  # a value the summary does not model (a loop's variable)


class OrmDeletes:
    def __init__(self, project: Project):
        self.p = project
        # (any deleting cascade, the classes a `backref(...)` adds one to — None: one it
        # cannot name)
        self._declared: tuple[bool, frozenset[str] | None] | None = None
        self._iterating: set[str] = set()  # the functions whose loops are being judged

    def sends_nothing(self, func: Func, site: CallSite) -> bool:
        """Whether `func`'s `session.delete(obj)` at `site` surely loads nothing."""
        declared, backref_targets = self._cascades()
        if not declared:
            return True
        if not site.args or backref_targets is None:
            return False
        models = self._models_of(func, site.args[0])
        return models is not None and all(
            self._loads_nothing(func, site.args[0], model, backref_targets) for model in models
        )

    def _loads_nothing(
        self, func: Func, ref: tuple, model: str, backref_targets: frozenset[str]
    ) -> bool:
        """Whether deleting `ref`, a row of `model`, loads nothing: no relationship of it or
        a base cascades the delete, or the function has loaded each one already (`for pack
        in row.packs:` before `session.delete(row)`)."""
        owners = self.p.mro(model)[0]
        if any(owner.rpartition(".")[2] in backref_targets for owner in owners):
            return False
        return all(
            ("attr", ref, name) in func.fd.iterated
            for owner in owners
            for name in self._deleting(owner)
        )

    def _models_of(self, func: Func, ref: tuple) -> frozenset[str] | None:
        """The models the object `ref` names may be a row of: one (`_model_of`), or, for a
        loop's variable, any of those the function's loops go over (`for flow in flows:`,
        then `for t in get_transactions(db, flow.id):` in it — which loop binds the name
        the summary does not say)."""
        if ref[0] == "name" and self.p.value_of(func, ref) is None:
            assigned = func.fd.locals.get(ref[1], ())
            if assigned and all(value == _UNKNOWN for value in assigned):
                return self._iterated_rows(func)
        model = self._model_of(func, ref)
        return None if model is None else frozenset((model,))

    def _model_of(self, func: Func, ref: tuple, depth: int = 0) -> str | None:
        """The project class of the object `ref` names: as inferred, or the model a query
        local is read from (`row = db.query(Row).filter(...).first()`, `db.get(Row, key)`),
        or the one every caller passes for a parameter (`remove(db, load(db, i))`)."""
        value = self.p.value_of(func, ref)
        if value is not None and value[0] == "obj":
            return value[1]
        if ref[0] != "name" or func.fd.qn == "<module>":
            return None
        if ref[1] not in func.fd.locals:
            return self._passed_model(func, ref[1], depth) if depth < _MAX_CALLERS_UP else None
        assigned = func.fd.locals.get(ref[1], ())
        if assigned and all(value == _UNKNOWN for value in assigned):
            looped = self._iterated_rows(func)  # (a loop's variable, likely)
            return next(iter(looped)) if looped is not None and len(looped) == 1 else None
        models = {
            self._queried(func, value)
            or self._returned_row(func, value, depth)
            or self._built(func, value)
            for value in assigned
            if value != ("const", None)  # (`row = None` before the branches that query it)
        }
        return models.pop() if len(models) == 1 else None

    def _built(self, func: Func, ref: tuple) -> str | None:
        """The project class a call builds an object of (`user = User(email=...)`)."""
        value = self.p.value_of(func, ref) if ref[0] == "call" else None
        return value[1] if value is not None and value[0] == "obj" else None

    def _passed_model(self, func: Func, name: str, depth: int) -> str | None:
        """The model of parameter `name` when every call of `func` passes a row of one
        (`remove(db, load(db, i))`, `load` returning `db.query(Board)…first()`)."""
        index = next((i for i, p in enumerate(func.fd.params) if p.name == name), None)
        if index is None:
            return None
        param = func.fd.params[index]
        models: set[str | None] = set()
        for caller, arg in self.p.passed_arguments(func, param, index):
            if arg is None:
                return None
            models.add(self._model_of(caller, arg, depth + 1) or self._returned_row(caller, arg))
            if None in models or len(models) > 1:
                return None
        return models.pop() if models else None

    def _returned_row(self, func: Func, ref: tuple, depth: int = 0) -> str | None:
        """The model of the row a project function returns when `ref` calls it (`t =
        self.get(i)` whose `get` returns `self.db.query(Tok).filter_by(id=i).first()`, or a
        local holding one: `user = db.query(User)…first()`, `return user`)."""
        if ref[0] != "call" or depth >= _MAX_CALLERS_UP:
            return None
        callee = self.p.callee(func, ref[1])
        target = self.p.funcs.get(callee[1]) if callee and callee[0] in ("func", "meth") else None
        if target is None or not target.fd.return_values:
            return None
        models = {
            self._queried(target, value)
            or (self._model_of(target, value, depth + 1) if value[0] == "name" else None)
            or self._returned_row(target, value, depth + 1)
            or self._model_passed(func, ref, (callee[0], target), value)
            for value in target.fd.return_values
        }
        return models.pop() if len(models) == 1 else None

    def _model_passed(self, func: Func, call: tuple, callee: tuple, value: tuple) -> str | None:
        """The model `call` names for the parameter the query its callee returns reads: a
        helper given the class (`check_exists(db, Blog, key)` returning `db.get(model, key)`,
        or a local holding that row)."""
        kind, target = callee
        if value[0] == "name":
            assigned = target.fd.locals.get(value[1], ())
            value = assigned[0] if len(assigned) == 1 else ("?",)
        name = _queried_parameter(value)
        index = next((i for i, q in enumerate(target.fd.params) if q.name == name), None)
        if index is None:
            return None
        site = CallSite(0, 0, call[1], call[2], call[3])  # (the call as a value records it)
        position = index - 1 if binds_first(target, kind, site, index) else index
        arg = argument(site, target.fd.params[index], position)
        model = self.p.value_of(func, arg) if arg is not None else None
        return model[1] if model is not None and model[0] == "class" else None

    def _iterated_rows(self, func: Func) -> frozenset[str] | None:
        """The models of the rows the function loops over, when each loop it has that may
        yield rows goes over rows of a known one (`for record in
        db.query(Line).filter(...).all():`, also through a local, a slice of one, a
        comprehension over one, or a project function that returns them) — what a loop
        variable passed to `delete` holds (a list written out, a range, file names hold no
        row; a comprehension is judged by what it iterates, itself a loop here)."""
        if func.gqn in self._iterating:
            return None  # (a loop over a loop variable's relationship: `for c in x.children`)
        self._iterating.add(func.gqn)
        try:
            return self._loops_rows(func)
        finally:
            self._iterating.discard(func.gqn)

    def _loops_rows(self, func: Func) -> frozenset[str] | None:
        models: set[str | None] = set()
        for ref in func.fd.iterated:
            while ref[0] == "call" and _last_name(ref[1]) in _KEEP_ITEMS and ref[2]:
                ref = ref[2][0]  # (`sorted(names)` holds what `names` holds)
            if ref[0] == "sub":
                ref = ref[1]  # (`for dup in rows[1:]`: some of the rows)
            if ref[0] in _NO_ROWS or (ref[0] == "call" and _last_name(ref[1]) in _NO_ROW_CALLS):
                continue  # (a list written out, a range, file names: no rows)
            if ref[0] == "name":
                assigned = func.fd.locals.get(ref[1], ())
                ref = assigned[0] if len(assigned) == 1 else _UNKNOWN
            if ref[0] == "call" and ref[1][0] == "attr" and ref[1][2] == "all":
                ref = ref[1][1]  # (`.all()` lists what the query, or `scalars(...)`, yields)
            if ref[0] == "attr" and self._schema_held(func, ref[1]):
                continue  # (`for q in body.questions:`: a pydantic schema's list, no rows)
            if ref[0] == "attr":
                models.add(self._related_rows(func, ref))  # (`for p in user.photos:`)
                continue
            target = self._called(func, ref)
            listed = _listed_item(target.fd.returns) if target is not None else None
            if _no_row_type(listed):
                continue  # (`-> list[tuple[Path, dict]]`: no rows)
            models.add(
                self._queried(func, ref, rows=True)
                or (self._returned_rows(target, listed) if target is not None else None)
            )
        if not models or None in models:
            return None
        return frozenset(m for m in models if m is not None)

    def _called(self, func: Func, ref: tuple) -> Func | None:
        """The project function the call `ref` runs."""
        callee = self.p.callee(func, ref[1]) if ref[0] == "call" else None
        return self.p.funcs.get(callee[1]) if callee and callee[0] in ("func", "meth") else None

    def _returned_rows(self, target: Func, listed: tuple | None) -> str | None:
        """The model of the rows the project function `target` returns: as its annotation
        says (`listed`, the `T` of its `-> list[T]`: `TransactionTable`), or a
        relationship's rows it returns (`return session.exec(select(Folder)…).first().flows`,
        maybe through a local)."""
        value = self.p.value_of(target, listed) if listed is not None else None
        if value is not None and value[0] == "class":
            cls = self.p.classes.get(value[1])
            return value[1] if cls is not None and is_model(self.p, cls) else None
        models = set()
        for returned in target.fd.return_values:
            if returned[0] == "name":
                assigned = target.fd.locals.get(returned[1], ())
                returned = assigned[0] if len(assigned) == 1 else _UNKNOWN
            models.add(self._related_rows(target, returned) if returned[0] == "attr" else None)
        return models.pop() if len(models) == 1 else None

    def _schema_held(self, func: Func, ref: tuple) -> bool:
        """Whether `ref` names an object of one of the project's classes that is no model (a
        pydantic schema the route is given): what it holds is no row."""
        value = self.p.value_of(func, ref) if ref[0] == "name" else None
        cls = self.p.classes.get(value[1]) if value is not None and value[0] == "obj" else None
        return cls is not None and not is_model(self.p, cls)

    def _related_rows(self, func: Func, ref: tuple) -> str | None:
        """The model a relationship holds (`user.profile.photos`, with `photos =
        relationship("Photo")` on the model of `user.profile`), the chain followed from an
        object of one of the project's models."""
        base = ref[1]
        if base[0] == "name":
            owner = self._model_of(func, base)
        elif base[0] == "attr":
            owner = self._related_rows(func, base)
        elif base[0] == "call":
            owner = self._queried(func, base)  # (`session.get(Folder, key).flows`)
        else:
            return None
        if owner is None or owner not in self.p.classes:
            return None
        targets = set()
        for gqn in self.p.mro(owner)[0]:
            cd = self.p.classes[gqn].cd
            for value in cd.attrs.get(ref[2], ()):
                if value[0] == "call" and _last_name(value[1]) in _RELATIONSHIPS:
                    # (SQLModel's `flows: list["Flow"] = Relationship(...)` names it in
                    # the annotation)
                    annotated = _listed_item(cd.annotations.get(ref[2]))
                    named = relationship_target((annotated,)) if annotated is not None else ""
                    targets.add(relationship_target(value[2]) or named)
        if len(targets) != 1:
            return None
        (name,) = targets
        models = [
            cls.gqn
            for cls in self.p.classes.values()
            if cls.cd.name == name and is_model(self.p, cls)  # (not a schema of that name)
        ]
        return models[0] if len(models) == 1 else None

    def _queried(self, func: Func, ref: tuple, rows: bool = False) -> str | None:
        """The class of `session.query(Model)…first()`, `session.get(Model, key)` or
        `session.scalar(select(Model)…)` (the statement maybe a local: `stmt = select(…)`);
        `rows`: of a query that yields rows (`session.query(Model).filter(…)`)."""
        start = _query_start(ref, rows)
        if start is None:
            return None
        method, first = start
        if method in _STATEMENT_RUNS:
            return self._selected(func, first)
        value = self._class_given(func, first)
        if value is not None and value[0] == "class":
            return value[1]
        return self._model_named(first) if value is None else None

    def _class_given(self, func: Func, ref: tuple) -> tuple | None:
        """The value `ref` names; for a parameter, the one every caller passes that resolves
        (a parameter's inferred value is its first caller's: `get_or_404(db, model, key)`
        is given a different model by each)."""
        params = func.fd.params
        index = next((i for i, q in enumerate(params) if ref == ("name", q.name)), None)
        if index is None:
            return self.p.value_of(func, ref)
        passed = {value for _, _, value in self.p.passed_values(func, params[index], index)}
        return passed.pop() if len(passed) == 1 else None

    def _model_named(self, ref: tuple) -> str | None:
        """The project's one model of the name `ref` ends in, where unjam cannot follow the
        name (`models.Block` of a package whose module `__getattr__` loads its models)."""
        name = ref[2] if ref[0] == "attr" else ref[1] if ref[0] == "name" else None
        if type(name) is not str or not name[:1].isupper():
            return None
        found = [
            cls.gqn
            for cls in self.p.classes.values()
            if cls.cd.name == name and is_model(self.p, cls)
        ]
        return found[0] if len(found) == 1 else None

    def _selected(self, func: Func, ref: tuple) -> str | None:
        """The class a `select(Model).where(…)…` statement reads rows of."""
        if ref[0] == "name":
            assigned = func.fd.locals.get(ref[1], ())
            if len(assigned) != 1:
                return None
            ref = assigned[0]
        while ref[0] == "call" and ref[1][0] == "attr" and ref[1][2] in _SELECT_STEPS:
            ref = ref[1][1]
        if ref[0] != "call" or _last_name(ref[1]) != "select" or len(ref[2]) != 1:
            return None
        value = self._class_given(func, ref[2][0])
        return value[1] if value is not None and value[0] == "class" else None

    def _cascades(self) -> tuple[bool, frozenset[str] | None]:
        """Whether the project declares any relationship that cascades a delete, and the
        names of the classes a deleting `backref(...)` adds one to
        (`relationship("Shelf", backref=backref("tags", cascade="all"))` adds one to
        `Shelf`): None when one names its target otherwise."""
        if self._declared is None:
            sites = [s for name in _RELATIONSHIPS for _, s in self.p.sites_named(name)]
            targets: set[str] | None = set()
            for s in sites:
                backref = dict(s.kwargs).get("backref")
                if targets is not None and backref is not None and _backref_deletes(backref):
                    target = _target_name(s)
                    targets = None if target is None else targets | {target}
            declared = any(_deletes(s.kwargs) for s in sites) or targets != set()
            self._declared = (declared, None if targets is None else frozenset(targets))
        return self._declared

    def _deleting(self, class_gqn: str) -> list[str]:
        """The class's relationships whose cascade deletes."""
        cls = self.p.classes.get(class_gqn)
        return [
            name
            for name, refs in (cls.cd.attrs.items() if cls is not None else ())
            if any(
                ref[0] == "call" and _last_name(ref[1]) in _RELATIONSHIPS and _deletes(ref[3])
                for ref in refs
            )
        ]


_MAX_CALLERS_UP = 2  # how many calls up a parameter's row is looked for

# what a loop goes over that yields no query row: a literal, what a comprehension makes (its
# own iterable is judged on its own), calls that count or list names; and what a call gives
# back with the items it was handed (`sorted(rows)`)
_NO_ROWS = frozenset({"list", "const", "dict", "fmt", "?"})
_KEEP_ITEMS = frozenset({"sorted", "reversed", "list", "set", "tuple"})
_NO_ROW_CALLS = frozenset(
    {"range", "enumerate", "listdir", "iterdir", "glob", "split", "items", "keys"}
)


def _query_start(ref: tuple, rows: bool = False) -> tuple[str, tuple] | None:
    """(the method, its first argument) that starts the query `ref` runs — `query(Model)`,
    `get(Model, key)`, or a statement run (`scalar(select(Model)…)`) — through its steps
    (`filter`, …) and, unless `rows`, the call that reads one row (`first()`)."""
    while ref[0] == "call" and ref[1][0] == "attr":
        method, args = ref[1][2], ref[2]
        if (method in _QUERY_STARTS or method in _STATEMENT_RUNS) and args:
            return method, args[0]
        if (method not in _ONE_ROW or rows) and method not in _QUERY_STEPS:
            return None
        ref = ref[1][1]
    return None


_LISTS = frozenset({"list", "List", "Sequence", "Iterable", "Iterator", "Generator"})


def _listed_item(annotation: tuple | None) -> tuple | None:
    """`T` of a `list[T]` (`List[T]`, `Sequence[T]`, …) annotation."""
    if annotation is None or annotation[0] != "sub" or _last_name(annotation[1]) not in _LISTS:
        return None
    items = annotation[2]
    return items[0] if type(items) is tuple and items and type(items[0]) is tuple else None


_PLAIN_TYPES = frozenset(
    {"str", "int", "float", "bytes", "bool", "Path", "Any", "dict", "Dict", "tuple", "Tuple"}
)


def _no_row_type(item: tuple | None) -> bool:
    """Whether a list's item annotation names no row: `str`, `tuple[Path, dict]` — not
    `tuple[User, Profile]`, whose items are rows."""
    if item is None:
        return False
    if item[0] == "sub":
        inner = item[2] if type(item[2]) is tuple else ()
        return _no_row_type(item[1]) and all(
            type(arg) is tuple and _no_row_type(arg) for arg in inner
        )
    return item[0] in ("name", "attr") and _last_name(item) in _PLAIN_TYPES


def _queried_parameter(ref: tuple) -> str | None:
    """The name a query reads rows of, when a plain name (`db.get(model, key)`,
    `db.query(model).filter(...).first()`): maybe a parameter."""
    start = _query_start(ref)
    if start is None or start[0] not in _QUERY_STARTS or start[1][0] != "name":
        return None
    return start[1][1]


def _deletes(kwargs: tuple) -> bool:
    """Whether a `relationship(...)`/`Relationship(...)` with these keyword arguments may
    cascade a delete."""
    given = dict(kwargs)
    if "cascade" in given and _cascade_deletes(given["cascade"]):
        return True
    flag = given.get("cascade_delete")  # SQLModel
    if flag is not None and flag != ("const", False):
        return True
    extra = given.get("sa_relationship_kwargs")  # SQLModel: SQLAlchemy's own arguments
    if extra is None:
        return False
    if extra[0] != "dict":
        return True
    return any(
        _const_str(key) == "cascade" and _cascade_deletes(value)
        for key, value in extra[1]
        if key is not None
    ) or any(key is None or _const_str(key) is None for key, _ in extra[1])


def _cascade_deletes(ref: tuple) -> bool:
    text = _const_str(ref)
    return text is None or "delete" in text or "all" in text


def _backref_deletes(ref: tuple) -> bool:
    """`backref="tags"` gives the target SQLAlchemy's default cascade (no delete);
    `backref=backref("tags", cascade=...)` the one it names."""
    if _const_str(ref) is not None:
        return False
    return ref[0] != "call" or _last_name(ref[1]) != "backref" or _deletes(ref[3])


def _target_name(site: CallSite) -> str | None:
    """The class a `relationship(...)` call names first: `"Experiment"` (also
    `"models.Experiment"`) or `Experiment`."""
    if not site.args:
        return None
    first = site.args[0]
    if first[0] == "const" and type(first[1]) is str:
        return first[1].rpartition(".")[2]
    return _last_name(first) if first[0] in ("name", "attr") else None
