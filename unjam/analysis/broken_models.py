"""SQLAlchemy models that cannot be configured: a relationship naming, as a string, a class
the project does not have (`relationship("NonProfitOrg")`), or whose `back_populates` names
an attribute its target model does not define (`user = relationship("User",
back_populates="payments")` where `User` has no `payments`, nor gets one from a `backref` or
an assignment after the class).
SQLAlchemy configures every mapper the first time the program uses the ORM (a query, a model
built) and raises InvalidRequestError there, and again at every later use: no ORM call of the
program reaches the database. Its calls are then no blocking work (callgraph_resolve.py), and
the relationship is listed as what keeps them from running (linker.py).

Only a project whose models all map into one registry is judged (each registry configures
its own: models on another declarative base still query), and only a target unjam sees
whole: the project's models of that name (not a pydantic
schema that shares it), whose bases are the project's own or a declarative base
(`DeclarativeBase`, `declarative_base()`, SQLModel) — a base from another library may add
the attribute."""

from __future__ import annotations

from unjam.analysis.imported import modules_reached
from unjam.analysis.project import Cls, Func, Module, Project
from unjam.analysis.summary import CallSite, last_name

_RELATIONSHIPS = frozenset({"relationship", "Relationship"})
_DECLARATIVE = frozenset(
    {
        "sqlalchemy.orm.DeclarativeBase",
        "sqlalchemy.orm.DeclarativeBaseNoMeta",
        "sqlalchemy.orm.MappedAsDataclass",
        "sqlmodel.SQLModel",
    }
)
# a statement an ORM-enabled `execute` runs: it reads the mappers before any SQL is sent
_ORM_STATEMENTS = frozenset({"select", "update", "delete", "insert"})
_STATEMENT_RUNS = frozenset({"execute", "exec", "scalar", "scalars"})
_ORM_PREFIXES = ("sqlalchemy.orm.Session.", "sqlalchemy.orm.Query.")
_ASYNC_SESSION = "sqlalchemy.ext.asyncio.AsyncSession."
# the bases whose models SQLAlchemy's own constructor builds (no dataclass, no pydantic)
_KEYWORD_CONSTRUCTOR = frozenset(
    {"sqlalchemy.orm.DeclarativeBase", "sqlalchemy.orm.DeclarativeBaseNoMeta"}
)
# what every declarative class has, whatever its body: a keyword of that name is accepted
# what a declarative base gives its classes (`query`: a `Base.query = query_property()`)
_DECLARATIVE_ATTRS = frozenset({"metadata", "registry", "type_annotation_map", "query"})

_CONSEQUENCE = (
    ": SQLAlchemy cannot configure the models and raises InvalidRequestError at their first "
    "use, so no ORM call of the program reaches the database; those calls, and what follows "
    "them, are not checked until the relationship is fixed"
)


class BrokenModels:
    def __init__(self, project: Project) -> None:
        self.p = project
        self._found: list[tuple[str, str]] | None = None
        # the apps' modules (`loaded_by`): a model module none of their programs imports
        # maps nothing; empty: every module counts
        self._starts: list[Module] = []
        self._given: set[tuple[str, str]] | None = None  # see `_backrefs`

    def loaded_by(self, starts: list[Module]) -> None:
        """Judge only the models of the programs these modules (the apps') load."""
        if starts != self._starts:
            self._starts, self._found = starts, None

    def found(self) -> list[tuple[str, str]]:
        """(path of the model's module, why the models cannot be configured), one per
        relationship to no class of the project, or back-populating what its target lacks.
        (What the programs load is followed only once a relationship is in doubt.)"""
        if self._found is None:
            relationships = [
                (cls, attr, ref)
                for cls in self.p.classes.values()
                for attr, refs in cls.cd.attrs.items()
                for ref in refs
                if ref[0] == "call" and last_name(ref[1]) in _RELATIONSHIPS
            ]
            backrefs = self._backrefs() if relationships else set()
            by_name: dict[str, list[Cls]] = {}
            for cls in self.p.classes.values() if relationships else ():
                by_name.setdefault(cls.cd.name, []).append(cls)
            doubts = [
                (cls, reason)
                for cls, attr, ref in relationships
                if (reason := self._unmatched(cls, attr, ref, backrefs, by_name))
            ]
            self._found = []
            if doubts:
                loaded = self._loaded()
                models = [c for c in self.p.classes.values() if c.mod.name in loaded]
                registries = {self._registry(c) for c in models if is_model(self.p, c)}
                if len(registries) <= 1:  # (each registry configures its own models)
                    self._found = [
                        (cls.mod.path, reason) for cls, reason in doubts if cls.mod.name in loaded
                    ]
        return self._found

    def _loaded(self) -> set[str]:
        if not self._starts:
            return {mod.name for mod in self.p.unique_modules()}
        loaded: set[str] = set()
        for mod in self._starts:
            if mod.name not in loaded:
                loaded |= modules_reached(self.p, mod)
        return loaded

    def sends_nothing(self, qn: str, site: CallSite) -> bool:
        """Whether the ORM call `qn` at `site` surely raises before it sends anything: the
        models cannot be configured, and the call uses them (an `execute` of `text(...)`
        does not)."""
        if not qn.startswith(_ORM_PREFIXES) or not self.found():
            return False
        if qn.rpartition(".")[2] in _STATEMENT_RUNS:
            return bool(site.args) and _orm_statement(site.args[0])
        return True

    def raises_at_use(self, callee: tuple, site: CallSite) -> bool:
        """Whether the call `site` of `callee` (what it calls, as `Project.callee` gives it)
        surely raises InvalidRequestError, the models being unconfigurable: an ORM call
        `sends_nothing` says so of, an AsyncSession's run of a statement built from the
        models (`await db.execute(select(Episode))`), or a model built (`User(...)`: its
        arguments are evaluated first). Building a statement (`select(Episode)`) does not."""
        if not self.found():
            return False
        qn = callee[1]
        if callee[0] == "class":
            cls = self.p.classes.get(qn)
            return cls is not None and is_model(self.p, cls)
        if qn.startswith(_ASYNC_SESSION) and qn.rpartition(".")[2] in _STATEMENT_RUNS:
            return bool(site.args) and _orm_statement(site.args[0])
        return self.sends_nothing(qn, site)

    def unknown_keywords(self, gqn: str, site: CallSite) -> list[str]:
        """The keywords of `site`, a call building the model `gqn`, that its summaries show
        the class has no attribute of: SQLAlchemy's default constructor raises TypeError
        for those (`Issue(created_by_id=...)` of a model whose column is `reporter_id`).
        Only a model seen whole, with no constructor, table or abstract base of its own; a
        column declared by an annotation alone (`id: Mapped[intpk]`) is no summary's
        attribute, so the caller checks those in the class bodies' text."""
        keywords = [k for k, _v in site.kwargs]
        if None in keywords:
            return []
        return self.unknown_attributes(gqn, keywords)  # type: ignore[arg-type]

    def unknown_attributes(self, gqn: str, names: list[str]) -> list[str]:
        """Those of `names` the model `gqn`, seen whole as `unknown_keywords` says, has no
        attribute of (a column declared by an annotation alone is left to the caller)."""
        cls = self.p.classes.get(gqn)
        if cls is None or not names or not is_model(self.p, cls):
            return []
        if "__abstract__" in cls.cd.attrs:  # (no mapped class: nothing to build)
            return []
        classes, outside = self.p.mro(gqn)
        if any(base not in _KEYWORD_CONSTRUCTOR for base in outside):
            return []
        for base in classes:
            found = self.p.classes.get(base)
            if found is None or found.cd.decorators or "__init__" in found.cd.methods:
                return []
            attrs = found.cd.attrs  # (a table it does not declare: `__table__ = Table(...)`)
            if "__table__" in attrs or "autoload" in repr(attrs.get("__table_args__")):
                return []
        given = self._backrefs()
        owners = {self.p.classes[c].cd.name for c in classes}
        if any((owner, "*") in given for owner in owners):
            return []
        return [
            key
            for key in names
            if key not in _DECLARATIVE_ATTRS
            and not key.startswith("_")
            and not any((owner, key) in given for owner in owners)
            and self._lacks(cls, key)
        ]

    def _unmatched(
        self,
        cls: Cls,
        attr: str,
        ref: tuple,
        backrefs: set[tuple[str, str]],
        by_name: dict[str, list[Cls]],
    ) -> str:
        target = relationship_target(ref[2])
        if not target:
            return ""
        named = by_name.get(target, [])
        where = (
            f"{cls.mod.path} (line {cls.cd.line}) declares `{cls.cd.name}.{attr}`, a relationship"
        )
        if not named and ref[2][0][0] == "const":
            return f"{where} to `{target}`, which no class of the project is{_CONSEQUENCE}"
        wanted = _const_keyword(ref[3], "back_populates")
        if not wanted or {(target, wanted), (target, "*")} & backrefs:
            return ""
        models = [c for c in named if is_model(self.p, c)]
        if not models or not all(self._lacks(c, wanted) for c in models):
            return ""
        return (
            f'{where} to `{target}` with back_populates="{wanted}", but `{target}` defines no '
            f"`{wanted}`{_CONSEQUENCE}"
        )

    def _registry(self, cls: Cls) -> str:
        """What names the registry a model maps into: its topmost project class when that
        subclasses `DeclarativeBase` (or is `@as_declarative`), SQLModel's own, or the name
        `declarative_base()` was bound to."""
        classes, outside = self.p.mro(cls.gqn)
        if "sqlmodel.SQLModel" in outside:
            return "sqlmodel.SQLModel"
        top = self.p.classes.get(classes[-1])
        if top is None:
            return cls.gqn
        scope = self.p.module_scope(top.mod)
        for base in top.cd.bases:
            value = self.p.value_of(scope, base)
            if value is not None and value[0] == "inst" and value[1] in _DECLARATIVE:
                return self.p.symbol(scope, base) or top.gqn  # (`Base = declarative_base()`)
        return top.gqn

    def _lacks(self, cls: Cls, name: str) -> bool:
        """Whether the class, seen whole, defines no attribute `name`."""
        project, outside = self.p.mro(cls.gqn)
        if any(base not in _DECLARATIVE for base in outside):
            return False
        for gqn in project:
            found = self.p.classes.get(gqn)
            if found is None or not self._bases_known(found):
                return False
            if name in found.cd.attrs or name in found.cd.methods:
                return False
        return True

    def _bases_known(self, cls: Cls) -> bool:
        """Whether each base is a project class or a declarative base (as a class, or the
        object `declarative_base()` returns — not one built on a class of the project's,
        `declarative_base(cls=PreBase)`, whose attributes, `id`, every model has)."""
        scope = self.p.module_scope(cls.mod)
        for base in cls.cd.bases:
            ref = base[1] if base[0] == "sub" else base
            value = self.p.value_of(scope, ref)
            if value is None:
                return False
            if value[0] != "class" and (value[1] not in _DECLARATIVE or self._built_on(scope, ref)):
                return False
        return True

    def _built_on(self, scope: Func, ref: tuple) -> bool:
        """Whether the declarative base `ref` names may be built on a class of its own
        (`Base = declarative_base(cls=PreBase)`, or a name unjam cannot follow); not the
        library's own (`DeclarativeBase`)."""
        symbol = self.p.symbol(scope, ref)
        if symbol is None:
            return True
        module, _dot, name = symbol.rpartition(".")
        found = self.p.modules.get(module)
        if found is None:
            return False
        return any(
            value[0] == "call" and any(key == "cls" for key, _value in value[3])
            for _qn, value in found.summary.global_values.get(name, ())
        )

    def _backrefs(self) -> set[tuple[str, str]]:
        """(class name, attribute) of every attribute given to a class from outside its body:
        by a relationship's `backref=`, by an assignment (`User.sessions = relationship(
        ...)` after the class), or any (`*`) by a `setattr(User, ...)`."""
        if self._given is not None:
            return self._given
        found = self._given = set()
        for func in self.p.funcs.values():
            for base, attr, _value in func.fd.attr_stores:
                if base[0] in ("name", "attr"):
                    found.add((last_name(base), attr))
            for call in func.fd.calls:
                if call.func == ("name", "setattr") and call.args:
                    found.add((last_name(call.args[0]), "*"))
        for cls in self.p.classes.values():
            for refs in cls.cd.attrs.values():
                found.update(pair for pair in map(backref_given, refs) if pair is not None)
        return found


def backref_given(ref: tuple) -> tuple[str, str] | None:
    """(target class name, attribute) that `relationship(Target, backref="tags")` (or
    `backref=backref("tags", cascade=...)`) gives its target; None for another value."""
    if ref[0] != "call" or last_name(ref[1]) not in _RELATIONSHIPS:
        return None
    given = dict(ref[3]).get("backref")
    if given is not None and given[0] == "call" and given[2]:
        given = given[2][0]  # `backref("tags", cascade=...)`
    target = relationship_target(ref[2])
    if given is None or given[0] != "const" or not target:
        return None
    return target, str(given[1])


def _const_keyword(kwargs: tuple, name: str) -> str:
    for key, value in kwargs:
        if key == name and value[0] == "const" and type(value[1]) is str:
            return value[1]
    return ""


def relationship_target(args: tuple) -> str:
    """The class a relationship names first: `"User"` (`"models.User"`) or `User`."""
    if not args:
        return ""
    first = args[0]
    if first[0] == "const" and type(first[1]) is str:
        return first[1].rpartition(".")[2]
    return last_name(first) if first[0] in ("name", "attr") else ""


def _orm_statement(ref: tuple) -> bool:
    """`select(User).where(...)`: a statement built from the models."""
    while ref[0] == "call" and ref[1][0] == "attr":
        ref = ref[1][1]
    return ref[0] == "call" and last_name(ref[1]) in _ORM_STATEMENTS


def is_model(project: Project, cls: Cls) -> bool:
    """Whether the class is a model: a declarative base among its bases, or a
    `__tablename__` in it or a project base (not a pydantic schema of the same name)."""
    classes, outside = project.mro(cls.gqn)
    if any(base in _DECLARATIVE for base in outside):
        return True
    for gqn in classes:
        found = project.classes.get(gqn)
        cd = found.cd if found is not None else None
        if cd is not None and ("__tablename__" in cd.attrs or "__tablename__" in cd.methods):
            return True
    return False
