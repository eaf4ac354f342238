"""What a project's SQLAlchemy model surely has no attribute of, so that building it or
reading the attribute raises before any SQL (never_runs.py): a keyword its constructor does
not take (`Ticket(opened_by_id=...)`, `Group(**grade.model_dump())` where `Group` has no
`student_fullname`), or a column read in a query (`RSVP.user_id` of a model with none).
broken_models.py says what the summaries show the model lacks; a column declared by its
annotation alone (`priority: Mapped[int]`) is no summary's attribute, so the class bodies are
read for those, and for a pydantic schema's fields, which are annotations too. A schema's dump
given a keyword pydantic does not take (`body.dict(exculde_unset=True)`) raises as well.
"""

from __future__ import annotations

import ast

from unjam.analysis.broken_models import BrokenModels
from unjam.analysis.project import Cls, Func, Project
from unjam.analysis.summary import CallSite
from unjam.analysis.top_level_imports import Trees

# what gives a pydantic schema's fields as keywords (`**body.model_dump()`)
_DUMPS = frozenset({"model_dump", "dict"})
_PYDANTIC_MODELS = frozenset({"pydantic.BaseModel", "pydantic.main.BaseModel"})
# the keywords those dumps take in pydantic 1 or 2 (keyword-only, no `**kwargs`): any other
# is a TypeError before the dump
_DUMP_KEYWORDS = frozenset(
    {
        *("include", "exclude", "by_alias", "skip_defaults", "exclude_unset"),
        *("exclude_defaults", "exclude_none", "mode", "context", "round_trip", "warnings"),
        *("fallback", "serialize_as_any", "exclude_computed_fields"),
    }
)


class ModelAttributes:
    def __init__(self, project: Project, trees: Trees | None, models: BrokenModels) -> None:
        self.p = project
        self.models = models
        self._trees = trees  # the class bodies' modules (None: none read)

    def lacks(self, gqn: str, attr: str) -> bool:
        """Whether the model `gqn` surely has no attribute `attr`."""
        return bool(self._unannotated(gqn, self.models.unknown_attributes(gqn, [attr])))

    def refuses(self, func: Func, gqn: str, call: CallSite) -> bool:
        """`Ticket(opened_by_id=...)`: a keyword the model has no attribute of
        (broken_models.py `unknown_keywords`), not even a column declared by an annotation
        alone, which the class bodies' text shows (the summaries keep assignments only) —
        also among the fields a schema spreads (`Group(**body.model_dump())`), or one given
        both by name and by the spread (`Slot(**body.dict(), doctor_id=d)`)."""
        spread = self._spread_fields(func, call)
        if spread:
            plain = [key for key, _value in call.kwargs if key is not None]
            if set(plain) & set(spread):
                return True  # (`Slot(**body.dict(), doctor_id=d)`, `body` has one: TypeError)
            unknown = self.models.unknown_attributes(gqn, [*plain, *spread])
        else:
            unknown = self.models.unknown_keywords(gqn, call)
        return bool(self._unannotated(gqn, unknown))

    def dumps_badly(self, func: Func, call: CallSite) -> bool:
        """`body.dict(exculde_unset=True)`: a dump of an object of a project pydantic schema
        (one not defining that method itself) given a keyword neither pydantic 1 nor 2 takes."""
        ref = call.func
        if ref[0] != "attr" or ref[2] not in _DUMPS:
            return False
        if all(key is None or key in _DUMP_KEYWORDS for key, _value in call.kwargs):
            return False
        schema = self._declared_schema(func, ref[1])
        if schema is None or self._schema_fields(schema) is None:
            return False
        return not any(ref[2] in self.p.classes[c].cd.methods for c in self.p.mro(schema)[0])

    def _spread_fields(self, func: Func, call: CallSite) -> list[str]:
        """The fields each `**x.model_dump()` (or pydantic 1's `**x.dict()`, with no
        argument: every field) of the call spreads, when `x` is an object of one of the
        project's pydantic schemas seen whole; [] when the call spreads anything else."""
        spreads = [value for key, value in call.kwargs if key is None]
        if not spreads or not _names_its_class(call.func):
            return []
        fields: list[str] = []
        for ref in spreads:
            if not (ref[0] == "call" and ref[1][0] == "attr" and ref[1][2] in _DUMPS):
                return []
            if ref[2] or ref[3]:
                return []  # (`exclude=`, `exclude_unset=`: not every field)
            schema = self._declared_schema(func, ref[1][1])
            found = self._schema_fields(schema) if schema is not None else None
            if found is None:
                return []
            fields += found
        return fields

    def _declared_schema(self, func: Func, ref: tuple) -> str | None:
        """The project class `ref` surely holds an object of: a parameter annotated with it
        (not a type variable a generic base leaves open), or a local built from it once."""
        if ref[0] != "name":
            return None
        param = next((p for p in func.fd.params if p.name == ref[1]), None)
        if param is not None:
            if param.annotation is None:
                return None
            value = self.p.annotation_type(self.p.parent_scope(func), param.annotation)
        else:
            built = func.fd.locals.get(ref[1], ())
            if len(built) != 1 or built[0][0] != "call":
                return None
            value = self.p.value_of(func, built[0])
        if value is None or value[0] != "obj" or value[1] not in self.p.classes:
            return None
        return value[1]

    def _schema_fields(self, gqn: str) -> list[str] | None:
        """The fields of a project pydantic schema whose bases are its own or `BaseModel`
        that `model_dump()` gives: the names its class bodies annotate (not a `ClassVar`, a
        `_private` one, or one declared `Field(exclude=True)`)."""
        classes, outside = self.p.mro(gqn)
        if not outside or any(base not in _PYDANTIC_MODELS for base in outside):
            return None
        fields: list[str] = []
        for name in classes:
            body = self._class_node(self.p.classes[name])
            if body is None:
                return None
            for stmt in body.body:
                if (
                    isinstance(stmt, ast.AnnAssign)
                    and isinstance(stmt.target, ast.Name)
                    and not stmt.target.id.startswith("_")
                    and "ClassVar" not in ast.unparse(stmt.annotation)
                    and not _excluded(stmt)
                ):
                    fields.append(stmt.target.id)
        return fields

    def _unannotated(self, gqn: str, unknown: list[str]) -> list[str]:
        """Those of the names the model `gqn` has no attribute of (`unknown`, from
        broken_models.py) that no class body of its declares by an annotation either."""
        if not unknown:
            return []
        annotated: set[str] = set()
        for base in self.p.mro(gqn)[0]:
            found = self._annotated(self.p.classes[base])
            if found is None:
                return []
            annotated |= found
        return [key for key in unknown if key not in annotated]

    def _annotated(self, cls: Cls) -> set[str] | None:
        """The names the class body declares by an annotation (`id: Mapped[int]`), or None
        when its text cannot be read."""
        node = self._class_node(cls)
        if node is None:
            return None
        return {
            stmt.target.id
            for stmt in node.body
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)
        }

    def _class_node(self, cls: Cls) -> ast.ClassDef | None:
        """The class's statement, parsed from its module's text (None when unreadable)."""
        return self._trees.class_statement(cls) if self._trees is not None else None


def _names_its_class(func: tuple) -> bool:
    """Whether the call names the model itself (`Group(...)`, `models.Group(...)`), not one
    an instance holds (`self.model(...)` of a generic repository, whose class each instance
    sets)."""
    if func[0] == "name":
        return True
    return func[0] == "attr" and func[1][0] == "name" and func[1][1] not in ("self", "cls")


def _excluded(stmt: ast.AnnAssign) -> bool:
    """Whether the field is declared `Field(..., exclude=True)` (in its value or an
    `Annotated[...]`): `model_dump()` leaves it out."""
    parts = [stmt.annotation, *([stmt.value] if stmt.value is not None else [])]
    return any(
        isinstance(node, ast.keyword)
        and node.arg == "exclude"
        and not (isinstance(node.value, ast.Constant) and node.value.value in (False, None))
        for part in parts
        for node in ast.walk(part)
    )
