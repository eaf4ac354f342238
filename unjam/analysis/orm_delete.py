"""`session.delete(obj)` in SQLAlchemy's unit of work sends no SQL by itself: the DELETE goes
out at the flush (`commit()`, reported on its own line). The call does read the database in
one case: to cascade the delete, or to set a child's foreign key to null, it loads the rows
the object's relationships hold when they are not loaded yet. So it is database I/O only
where a relationship may reach the object: when the project declares none (no
`relationship(...)` / SQLModel `Relationship(...)` call anywhere), never; when the object's
model is known, only if it or a base declares one, or any `backref=` may add one to it."""

from __future__ import annotations

from unjam.analysis.fastapi_records import _last_name
from unjam.analysis.project import Func, Project
from unjam.analysis.summary import CallSite

ORM_DELETE = "sqlalchemy.orm.Session.delete"
_RELATIONSHIPS = ("relationship", "Relationship")


class OrmDeletes:
    def __init__(self, project: Project):
        self.p = project
        # (any relationship, the classes a `backref=` adds one to — None: one it cannot name)
        self._declared: tuple[bool, frozenset[str] | None] | None = None

    def sends_nothing(self, func: Func, site: CallSite) -> bool:
        """Whether `func`'s `session.delete(obj)` at `site` surely loads nothing."""
        declared, backref_targets = self._relationships()
        if not declared:
            return True
        if not site.args or backref_targets is None:
            return False
        value = self.p.value_of(func, site.args[0])
        if value is None or value[0] != "obj":
            return False
        return not any(
            self._declares(owner) or owner.rpartition(".")[2] in backref_targets
            for owner in self.p.mro(value[1])[0]
        )

    def _relationships(self) -> tuple[bool, frozenset[str] | None]:
        """Whether the project declares any relationship, and the names of the classes a
        `backref=` adds one to (`relationship("Experiment", backref=...)` adds one to
        `Experiment`): None when one names its target otherwise."""
        if self._declared is None:
            sites = [s for name in _RELATIONSHIPS for _, s in self.p.sites_named(name)]
            targets: set[str] | None = set()
            for s in sites:
                if targets is not None and any(name == "backref" for name, _ in s.kwargs):
                    target = _target_name(s)
                    targets = None if target is None else targets | {target}
            self._declared = (bool(sites), None if targets is None else frozenset(targets))
        return self._declared

    def _declares(self, class_gqn: str) -> bool:
        cls = self.p.classes.get(class_gqn)
        return cls is not None and any(
            ref[0] == "call" and _last_name(ref[1]) in _RELATIONSHIPS
            for refs in cls.cd.attrs.values()
            for ref in refs
        )


def _target_name(site: CallSite) -> str | None:
    """The class a `relationship(...)` call names first: `"Experiment"` (also
    `"models.Experiment"`) or `Experiment`."""
    if not site.args:
        return None
    first = site.args[0]
    if first[0] == "const" and type(first[1]) is str:
        return first[1].rpartition(".")[2]
    return _last_name(first) if first[0] in ("name", "attr") else None
