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
        self._declared: tuple[bool, bool] | None = None  # (any relationship, any backref)

    def sends_nothing(self, func: Func, site: CallSite) -> bool:
        """Whether `func`'s `session.delete(obj)` at `site` surely loads nothing."""
        declared, backref = self._relationships()
        if not declared:
            return True
        if not site.args or backref:
            return False
        value = self.p.value_of(func, site.args[0])
        if value is None or value[0] != "obj":
            return False
        return not any(self._declares(owner) for owner in self.p.mro(value[1])[0])

    def _relationships(self) -> tuple[bool, bool]:
        """Whether the project declares any relationship, and any with a `backref=`."""
        if self._declared is None:
            sites = [s for name in _RELATIONSHIPS for _, s in self.p.sites_named(name)]
            backref = any(name == "backref" for s in sites for name, _ in s.kwargs)
            self._declared = (bool(sites), backref)
        return self._declared

    def _declares(self, class_gqn: str) -> bool:
        cls = self.p.classes.get(class_gqn)
        return cls is not None and any(
            ref[0] == "call" and _last_name(ref[1]) in _RELATIONSHIPS
            for refs in cls.cd.attrs.values()
            for ref in refs
        )
